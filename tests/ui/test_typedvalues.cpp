// What is typed into a number field is applied as shown or refused with a message that names the
// field and its range; never rewritten keystroke by keystroke and applied without a word. Each
// hazard is typed key by key in both languages and three locales.
#include "common/format.h"
#include "common/language.h"
#include "common/numberentry.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/exportdialog.h"
#include "ui/shell/mainwindow.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTest>
#include <catch2/catch.hpp>

using namespace dtsim::ui;
using dtsim::common::formatFixed;

namespace {
struct BackToEnglish {
    ~BackToEnglish() { dtsim::common::setLanguage(QStringLiteral("en")); }
};

/// Runs `check(locale)` in English and Vietnamese, each under en_US, vi_VN and de_DE (the default
/// locale the fields are made in).
template <typename Check> void inEveryLanguageAndLocale(Check check)
{
    BackToEnglish restore;
    for (const char* language : {"en", "vi"}) {
        for (const char* name : {"en_US", "vi_VN", "de_DE"}) {
            REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
            const QLocale locale(QString::fromLatin1(name));
            QLocale::setDefault(locale);
            INFO("language " << language << ", locale " << name);
            check(locale);
        }
    }
}

/// Replaces the field's text by `text`, typed key by key, then presses Enter.
void type(NumberField* field, const QString& text)
{
    field->editor()->selectAll();
    QTest::keyClicks(field->editor(), text);
    QTest::keyClick(field->editor(), Qt::Key_Return);
}

QString labelOf(const char* key)
{
    return accessibleLabel(keyText(QString::fromLatin1(key)).label);
}

/// The number part of what the field shows, without its unit.
QString shown(const NumberField* field)
{
    QString text = field->editor()->text();
    text.chop(field->suffix().size());
    return text;
}

/// A scaling panel, shown, with its compute-per-step field (ms, 3 decimals) at 500 ms.
struct ComputeField {
    ScenarioModel model;
    ScalingPanel panel{&model};
    NumberField* field = nullptr;

    ComputeField()
    {
        panel.show();
        field = panel.field(QStringLiteral("lesson.base_compute"));
        REQUIRE(field != nullptr);
        field->setValue(500.0);
        REQUIRE(model.scenario().lesson.baseComputeSeconds == Approx(0.5).epsilon(1e-12));
    }
    [[nodiscard]] double seconds() const { return model.scenario().lesson.baseComputeSeconds; }

    /// `typed` was refused: the text stays as typed, nothing changed, and the message names the
    /// field by its translated label and gives its range as the field writes numbers.
    void requireRefused(const QString& typed, const QLocale& locale) const
    {
        INFO("typed " << typed.toStdString());
        CHECK(seconds() == Approx(0.5).epsilon(1e-12));
        CHECK(shown(field).trimmed() == typed);
        const QString message = panel.problemText();
        INFO("message " << message.toStdString());
        CHECK(message.contains(labelOf("lesson.base_compute")));
        CHECK(message.contains(formatFixed(0.001, 3, locale)));
        CHECK(message.contains(formatFixed(1e9, 3, locale)));
    }
};

/// A scaling panel, shown, with its worker count at 8.
struct WorkerField {
    ScenarioModel model;
    ScalingPanel panel{&model};
    NumberField* field = nullptr;

    WorkerField()
    {
        panel.show();
        field = panel.workerSpinBox();
        REQUIRE(model.scenario().scaling.workers == 8);
    }

    void requireRefused(const QString& typed) const
    {
        INFO("typed " << typed.toStdString());
        CHECK(model.scenario().scaling.workers == 8);
        CHECK(shown(field).trimmed() == typed);
        const QString message = panel.problemText();
        INFO("message " << message.toStdString());
        CHECK(message.contains(labelOf("scaling.workers")));
        CHECK(message.contains(dtsim::common::formatWhole(4096)));
    }
};
} // namespace

TEST_CASE("typed 1e3 is a thousand, as --set reads it, not 13", "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        type(f.field, QStringLiteral("1e3"));
        CHECK(f.seconds() == Approx(1.0).epsilon(1e-12));
        CHECK(shown(f.field) == formatFixed(1000, 3, locale));
        CHECK(f.panel.problemText().isEmpty());
        type(f.field, QStringLiteral("2.5E-1"));
        CHECK(f.seconds() == Approx(0.25e-3).epsilon(1e-12));
    });
}

TEST_CASE("typed 5e-324 is refused as out of range, not applied as 5324", "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        type(f.field, QStringLiteral("5e-324"));
        f.requireRefused(QStringLiteral("5e-324"), locale);
        type(f.field, QStringLiteral("1e999"));
        f.requireRefused(QStringLiteral("1e999"), locale);
    });
}

TEST_CASE("typed 1.5 s and 2 min are refused, not applied as 1.5 ms and 2 ms", "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        // The field's unit stays after what is typed ("1.5 s ms"): the number part is "1.5 s".
        type(f.field, QStringLiteral("1.5 s"));
        f.requireRefused(QStringLiteral("1.5 s"), locale);
        type(f.field, QStringLiteral("2 min"));
        f.requireRefused(QStringLiteral("2 min"), locale);
    });
}

TEST_CASE("pasted text that is not a number is refused with a message, not ignored", "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        f.field->editor()->selectAll();
        f.field->editor()->insert(QStringLiteral("twelve"));
        QTest::keyClick(f.field->editor(), Qt::Key_Return);
        f.requireRefused(QStringLiteral("twelve"), locale);
        CHECK(f.field->refusal() == f.panel.problemText());
    });
}

TEST_CASE("a typed worker count above 4096 is refused, not cut to its first digits", "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale&) {
        WorkerField f;
        for (const char* typed : {"5000", "4097"}) {
            type(f.field, QString::fromLatin1(typed));
            f.requireRefused(QString::fromLatin1(typed));
        }
        type(f.field, QStringLiteral("4096"));
        CHECK(f.model.scenario().scaling.workers == 4096);
        CHECK(f.panel.problemText().isEmpty());
    });
}

TEST_CASE("a typed worker count of -5, 0x10 or 4096.5 is refused, not read as 5, 10 or 4096",
          "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale&) {
        WorkerField f;
        for (const char* typed : {"-5", "0x10", "4096.5", "16,5"}) {
            type(f.field, QString::fromLatin1(typed));
            f.requireRefused(QString::fromLatin1(typed));
        }
        type(f.field, QStringLiteral("16"));
        CHECK(f.model.scenario().scaling.workers == 16);
    });
}

TEST_CASE("a decimal point or comma that cannot group thousands is the decimal sign", "[ui][typed]")
{
    // Hazard: in Vietnamese "1.5" became 15,000 ms; under de_DE "1,5" became 15.000.
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        for (const char* typed : {"1.5", "1,5", "1.25", "0,125", "1.5e1"}) {
            INFO("typed " << typed);
            type(f.field, QString::fromLatin1(typed));
            const double ms = QString::fromLatin1(typed).replace(',', '.').toDouble();
            CHECK(f.seconds() == Approx(ms * 1e-3).epsilon(1e-12));
            CHECK(shown(f.field) == formatFixed(ms, 3, locale));
            CHECK(f.panel.problemText().isEmpty());
            f.field->setValue(500.0);
        }
    });
}

TEST_CASE("a decimal sign that may group thousands is refused, saying which one is expected",
          "[ui][typed]")
{
    // "1,500" is 1500 to an American and 1.5 to a German: the locale's own decimal sign decides;
    // the other one before three digits is refused.
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        const QString own = locale.decimalPoint();
        const QString other = own == QLatin1String(".") ? QStringLiteral(",") : QStringLiteral(".");
        type(f.field, QStringLiteral("1") + own + QStringLiteral("500"));
        CHECK(f.seconds() == Approx(1.5e-3).epsilon(1e-12));
        f.field->setValue(500.0);
        const QString ambiguous = QStringLiteral("1") + other + QStringLiteral("500");
        type(f.field, ambiguous);
        f.requireRefused(ambiguous, locale);
        CHECK(f.panel.problemText().contains(QLatin1Char('\'') + own + QLatin1Char('\'')));
    });
}

TEST_CASE("a number typed with more decimals than the field shows is refused, not rounded",
          "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        type(f.field, QStringLiteral("1.0005"));
        f.requireRefused(QStringLiteral("1.0005"), locale);
    });
}

TEST_CASE("digits grouped as the field writes them are read back", "[ui][typed]")
{
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        type(f.field, QStringLiteral("2 000"));
        CHECK(f.seconds() == Approx(2.0).epsilon(1e-12));
        // What the field shows, typed again, is the same value.
        const QString text = shown(f.field);
        CHECK(text == formatFixed(2000, 3, locale));
        f.field->setValue(500.0);
        // Pasted: QTest types ASCII only, and the field groups by a narrow no-break space.
        f.field->editor()->selectAll();
        f.field->editor()->insert(text);
        QTest::keyClick(f.field->editor(), Qt::Key_Return);
        CHECK(f.seconds() == Approx(2.0).epsilon(1e-12));
    });
}

TEST_CASE("the export size fields refuse 99999 and 0 instead of writing 1998 or keeping 1600",
          "[ui][typed][export]")
{
    inEveryLanguageAndLocale([](const QLocale&) {
        ExportDialog dialog(QStringLiteral("/tmp/dtsim-typed.png"));
        dialog.show();
        const QList<NumberField*> sides = dialog.findChildren<NumberField*>();
        REQUIRE(sides.size() == 2);
        const QSize before = dialog.options().size;
        // The message line under the size fields: it gives the range, up to 8 000 px.
        const auto problem = [&dialog]() -> const QLabel* {
            for (const auto* label : dialog.findChildren<QLabel*>()) {
                if (label->isVisibleTo(&dialog) &&
                    label->text().contains(dtsim::common::formatWhole(8000))) {
                    return label;
                }
            }
            return nullptr;
        };
        type(sides[0], QStringLiteral("99999"));
        CHECK(dialog.isVisible()); // Enter did not export
        CHECK(dialog.options().size == before);
        REQUIRE(problem() != nullptr);
        CHECK(problem()->text().contains(sides[0]->accessibleName()));
        CHECK(problem()->text().contains(dtsim::common::formatWhole(200)));

        // The Export button refuses too, while the entry stands.
        auto* buttons = dialog.findChild<QDialogButtonBox*>();
        REQUIRE(buttons != nullptr);
        buttons->button(QDialogButtonBox::Ok)->click();
        CHECK(dialog.isVisible());
        CHECK(dialog.result() != QDialog::Accepted);

        // A width typed and not yet applied, a height of 0 refused on Enter.
        sides[0]->editor()->selectAll();
        QTest::keyClicks(sides[0]->editor(), QStringLiteral("1920"));
        type(sides[1], QStringLiteral("0"));
        CHECK(dialog.isVisible());
        CHECK(dialog.options().size.height() == before.height());
        REQUIRE(problem() != nullptr);
        CHECK(problem()->text().contains(sides[1]->accessibleName()));
        buttons->button(QDialogButtonBox::Ok)->click();
        CHECK(dialog.result() != QDialog::Accepted);

        // Enter on a height it can apply exports, at the size both fields show.
        type(sides[1], QStringLiteral("1080"));
        CHECK(dialog.result() == QDialog::Accepted);
        CHECK(dialog.options().size == QSize(1920, 1080));
    });
}

TEST_CASE("number fields group digits as read-outs do, in both languages", "[ui][typed]")
{
    // Hazard: Vietnamese spin boxes showed "16.384" (one point three eight four) where read-outs
    // showed "16 384", and "1024" appeared ungrouped.
    inEveryLanguageAndLocale([](const QLocale&) {
        WorkerField f;
        f.field->setValue(4096);
        CHECK(shown(f.field) == dtsim::common::formatWhole(4096));
        CHECK(shown(f.field) == dtsim::common::formatNumber(4096));
        f.field->setValue(1024);
        CHECK(shown(f.field) == dtsim::common::formatWhole(1024));
        CHECK(shown(f.field).contains(QChar(0x202F)));
    });
}

TEST_CASE("number fields are written again in the new language's decimal sign", "[ui][typed]")
{
    BackToEnglish restore;
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("en")));
    MainWindow window;
    auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(scaling != nullptr);
    NumberField* field = scaling->field(QStringLiteral("lesson.base_compute"));
    REQUIRE(field != nullptr);
    field->setValue(1500.25);
    const QString english = QStringLiteral("1") + QChar(0x202F) + QStringLiteral("500.250");
    CHECK(shown(field) == english);
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    CHECK(shown(field) == QStringLiteral("1") + QChar(0x202F) + QStringLiteral("500,250"));
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("en")));
    CHECK(shown(field) == english);
}

TEST_CASE("leaving a field with an entry it cannot apply keeps the entry and its message",
          "[ui][typed]")
{
    // Hazard: on focus loss QAbstractSpinBox put the previous value back without a word.
    inEveryLanguageAndLocale([](const QLocale& locale) {
        ComputeField f;
        f.panel.activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(&f.panel));
        f.field->setFocus();
        REQUIRE(f.field->hasFocus());
        f.field->editor()->selectAll();
        QTest::keyClicks(f.field->editor(), QStringLiteral("1e"));
        f.panel.workerSpinBox()->setFocus();
        REQUIRE_FALSE(f.field->hasFocus());
        f.requireRefused(QStringLiteral("1e"), locale);
    });
}
