// Vietnamese and English at run time: visible texts, formula strips, numbers and errors change.
#include "common/format.h"
#include "common/language.h"
#include "ui/kit/panel.h"
#include "ui/kit/scenariomodel.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractAxis>
#include <QAbstractSpinBox>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QUndoStack>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {
struct BackToEnglish {
    ~BackToEnglish() { dtsim::common::setLanguage(QStringLiteral("en")); }
};

/// Runs `check(language, id, panel, scroll)` on every panel of a 1280×800 window, shown in English
/// and in Vietnamese; `scroll` is the panel's controls column.
template <typename Check> void forEveryPanelAt1280x800(Check check)
{
    BackToEnglish restore;
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        for (const QString& id : MainWindow::panelIds()) {
            window.showPanel(id);
            QCoreApplication::processEvents();
            const auto* scroll = window.panel(id)->findChild<QScrollArea*>();
            REQUIRE(scroll != nullptr);
            check(language, id, window.panel(id), scroll);
        }
    }
}
} // namespace

TEST_CASE("switching to Vietnamese changes every panel's texts, and back", "[ui][language]")
{
    BackToEnglish restore;
    MainWindow window;
    QStringList english;
    QStringList formulas;
    for (int i = 0; i < window.tabs()->count(); ++i) {
        english << window.tabs()->tabText(i);
        if (auto* panel = window.panel(MainWindow::panelIds().value(i))) {
            window.tabs()->setCurrentIndex(i); // hidden panels redraw when shown
            formulas << panel->formulaText();
        }
    }
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    CHECK(dtsim::common::currentLanguage() == QStringLiteral("vi"));
    CHECK(QLocale().decimalPoint() == QStringLiteral(","));
    // Tabs 0–4 change; "Checkpoint" stays, as the seed lesson itself writes it in Vietnamese.
    for (int i = 0; i < 5; ++i) {
        INFO("tab " << i << ": " << english[i].toStdString());
        CHECK(window.tabs()->tabText(i) != english[i]);
    }
    CHECK(window.tabs()->tabText(0).contains(QStringLiteral("Mở rộng")));
    CHECK(window.windowTitle().contains(QStringLiteral("Kịch bản")));
    // The Scaling formula strip: same numbers, Vietnamese words and decimal commas.
    window.tabs()->setCurrentIndex(0);
    auto* scaling = window.panel(QStringLiteral("scaling"));
    CHECK(scaling->formulaText() != formulas.value(0));

    REQUIRE(dtsim::common::setLanguage(QStringLiteral("en")));
    for (int i = 0; i < window.tabs()->count(); ++i) {
        CHECK(window.tabs()->tabText(i) == english[i]);
    }
    CHECK(QLocale().decimalPoint() == QStringLiteral("."));
    CHECK_FALSE(dtsim::common::setLanguage(QStringLiteral("fr")));
    CHECK(dtsim::common::currentLanguage() == QStringLiteral("en"));
}

TEST_CASE("axis numbers follow the language's decimal sign, without a group separator",
          "[ui][language][charts]")
{
    // Vietnamese writes 0,8 and groups thousands with a dot, so an axis tick "1.024" beside
    // "0,8" would read as a decimal: axes print 1024 and 0,8 (every chart, built before or
    // after the switch).
    BackToEnglish restore;
    MainWindow window;
    window.show();
    const auto checkCharts = [&](const QString& decimal) {
        for (const QString& id : MainWindow::panelIds()) {
            window.showPanel(id);
            for (const QChartView* view : window.panel(id)->findChildren<QChartView*>()) {
                INFO(id.toStdString() << " " << view->chart()->title().toStdString());
                CHECK(view->chart()->localizeNumbers());
                CHECK(view->chart()->locale().decimalPoint() == decimal);
                CHECK(view->chart()->locale().toString(1024.0, 'g', 6) == QStringLiteral("1024"));
                // Every numeric axis draws its numbers (a format Qt Charts cannot localize
                // draws none): the scene holds tick labels with digits and no group separator.
                const QList<QAbstractAxis*> axes = view->chart()->axes();
                const bool numericAxis =
                    view->isVisible() &&
                    std::any_of(axes.cbegin(), axes.cend(), [](const QAbstractAxis* axis) {
                        return axis->isVisible() && axis->labelsVisible() &&
                               (axis->type() == QAbstractAxis::AxisTypeValue ||
                                axis->type() == QAbstractAxis::AxisTypeLogValue);
                    });
                if (numericAxis) {
                    int numbers = 0;
                    for (const QGraphicsItem* item : view->scene()->items()) {
                        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
                            text && text->isVisible() &&
                            text->toPlainText().contains(QRegularExpression(
                                QStringLiteral("^[0-9]+(") + QRegularExpression::escape(decimal) +
                                QStringLiteral("[0-9]+)?$")))) {
                            ++numbers;
                        }
                    }
                    CHECK(numbers >= 2);
                }
            }
        }
    };
    checkCharts(QStringLiteral("."));
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    checkCharts(QStringLiteral(","));
    CHECK(window.panel(QStringLiteral("scaling"))
              ->findChild<QChartView*>()
              ->chart()
              ->locale()
              .toString(0.8, 'g', 6) == QStringLiteral("0,8"));
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("en")));
    checkCharts(QStringLiteral("."));
}

TEST_CASE("a tab first shown after a language switch is built in that language",
          "[ui][language][window]")
{
    BackToEnglish restore;
    QString englishFormula;
    {
        MainWindow english;
        englishFormula = english.panel(QStringLiteral("checkpoint"))->formulaText();
    }
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    MainWindow window;
    window.show();
    REQUIRE_FALSE(window.isPanelBuilt(QStringLiteral("checkpoint")));
    window.showPanel(QStringLiteral("checkpoint"));
    const QString vietnamese = window.panel(QStringLiteral("checkpoint"))->formulaText();
    CHECK_FALSE(vietnamese.isEmpty());
    CHECK(vietnamese != englishFormula);
}

// The offscreen platform lays these rows out wider than Xvfb does: the Vietnamese Memory panel
// cut "Tensor parallel (tp):" only under Xvfb (docs/screenshots), so this checks the property,
// and the screenshots check the look.
TEST_CASE("no row label or field is cut off, in English or Vietnamese", "[ui][language][layout]")
{
    forEveryPanelAt1280x800([](const char* language, const QString& id, const Panel* panel,
                               const QScrollArea* scroll) {
        for (auto* label : panel->findChildren<QLabel*>()) {
            if (!label->buddy() || !label->isVisible()) {
                continue; // only the labels of control rows
            }
            INFO(language << " " << id.toStdString() << ": " << label->text().toStdString());
            if (label->wordWrap()) {
                CHECK(label->height() >= label->heightForWidth(label->width()));
            } else {
                CHECK(label->width() >= label->sizeHint().width());
            }
            // Its field ends inside the fixed-width column (a long link name in Vietnamese
            // once pushed the combo boxes past its edge, where they were cut off).
            const QWidget* field = label->buddy();
            const QWidget* viewport = scroll->viewport();
            if (viewport->isAncestorOf(field)) { // not the ring's own controls
                CHECK(field->mapTo(viewport, QPoint(field->width(), 0)).x() <= viewport->width());
            }
        }
    });
}

// A teacher projecting at 1280×800 sees every control and read-out without scrolling (the
// Checkpoint column once needed 138 px more and hid its last three read-outs).
TEST_CASE("every panel's controls fit a 1280×800 window without scrolling, in both languages",
          "[ui][language][layout]")
{
    forEveryPanelAt1280x800(
        [](const char* language, const QString& id, const Panel*, const QScrollArea* scroll) {
            INFO(language << " " << id.toStdString());
            CHECK(scroll->verticalScrollBar()->maximum() == 0);
        });
}

TEST_CASE("Qt's standard buttons speak Vietnamese too (the save-changes prompt)", "[ui][language]")
{
    BackToEnglish restore;
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    QMessageBox box;
    box.setStandardButtons(QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    CHECK(box.button(QMessageBox::Save)->text() == QStringLiteral("Lưu"));
    CHECK(box.button(QMessageBox::Discard)->text() == QStringLiteral("Bỏ thay đổi"));
    CHECK(box.button(QMessageBox::Cancel)->text() == QStringLiteral("Huỷ"));
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("en")));
    QMessageBox english;
    english.setStandardButtons(QMessageBox::Save);
    CHECK(english.button(QMessageBox::Save)->text() == QStringLiteral("Save"));
}

TEST_CASE("large numbers are written out, grouped by a space no language reads as a decimal",
          "[ui][language][format]")
{
    using dtsim::common::formatNumber;
    using dtsim::common::formatSpeedup;
    BackToEnglish restore;
    const QString space(QChar(0x202F)); // narrow no-break space
    for (const char* language : {"en", "vi"}) {
        INFO(language);
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        const QString point = QLocale().decimalPoint();
        // The saw-tooth read-out of the issue: 1019.6× to three digits is "1 020×", not
        // "1.02E+03×" (nor Vietnamese "1.020", one point zero two).
        const QString speedup = formatSpeedup(1019.6);
        CHECK(speedup.startsWith(QStringLiteral("1") + space + QStringLiteral("020")));
        CHECK(speedup.endsWith(QStringLiteral("×")));
        CHECK_FALSE(speedup.contains(QLatin1Char('E')));
        CHECK(formatNumber(4096, 4) == QStringLiteral("4") + space + QStringLiteral("096"));
        CHECK(formatNumber(1234.5, 5) ==
              QStringLiteral("1") + space + QStringLiteral("234") + point + QStringLiteral("5"));
        CHECK(formatNumber(999.7, 3) == QStringLiteral("1") + space + QStringLiteral("000"));
        CHECK(formatNumber(-12345678, 8) == QLocale().negativeSign() + QStringLiteral("12") +
                                                space + QStringLiteral("345") + space +
                                                QStringLiteral("678"));
        // Below 1000 nothing changes: the locale's decimal sign, no grouping.
        CHECK(formatNumber(14.4302, 6) == QStringLiteral("14") + point + QStringLiteral("4302"));
        CHECK(formatNumber(0.0625) == QStringLiteral("0") + point + QStringLiteral("0625"));
        CHECK(formatNumber(999, 3) == QStringLiteral("999"));
        // Whole counts in read-outs (GPUs, steps) group the same way.
        CHECK(dtsim::common::formatQuantity(
                  simcore::quantity("gpus", "GPUs", 4096, simcore::Unit::Gpus)) ==
              QStringLiteral("4") + space + QStringLiteral("096"));
        CHECK(dtsim::common::formatQuantity(simcore::quantity(
                  "gpus", "GPUs", 512, simcore::Unit::Gpus)) == QStringLiteral("512"));
        // No trailing zeros, as 'g' writes numbers: 2000 runs to 7 digits is "2 000".
        CHECK(formatNumber(2000, 7) == QStringLiteral("2") + space + QStringLiteral("000"));
        // Whole numbers digit by digit (3023 once read "3 023.000000000000455").
        CHECK(dtsim::common::formatWhole(3023) ==
              QStringLiteral("3") + space + QStringLiteral("023"));
        CHECK(dtsim::common::formatWhole(13272) ==
              QStringLiteral("13") + space + QStringLiteral("272"));
        CHECK(dtsim::common::formatWhole(-1234567) ==
              QLocale().negativeSign() + QStringLiteral("1") + space + QStringLiteral("234") +
                  space + QStringLiteral("567"));
        CHECK(dtsim::common::formatWhole(999) == QStringLiteral("999"));
        CHECK(formatNumber(1234.5, 7) ==
              QStringLiteral("1") + space + QStringLiteral("234") + point + QStringLiteral("5"));
    }
}

TEST_CASE("counts on axes and in diagrams are never grouped with a decimal-looking sign",
          "[ui][language][format]")
{
    // Hazard: Communication's worker axis printed Vietnamese "1.024" (QLocale's grouping) beside
    // decimals with a comma: read as one point zero two four.
    BackToEnglish restore;
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    const QString space(QChar(0x202F));
    CHECK(dtsim::common::formatWhole(1024) == QStringLiteral("1") + space + QStringLiteral("024"));
    CHECK(dtsim::common::formatWhole(16384) ==
          QStringLiteral("16") + space + QStringLiteral("384"));
    CHECK(dtsim::common::formatWhole(256) == QStringLiteral("256"));
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.showPanel(QStringLiteral("communication"));
    QCoreApplication::processEvents();
    QStringList labels;
    for (QChartView* view :
         window.panel(QStringLiteral("communication"))->findChildren<QChartView*>()) {
        for (QGraphicsItem* item : view->scene()->items()) {
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) {
                labels << text->toPlainText();
            }
        }
    }
    CHECK(labels.filter(QStringLiteral("024")).size() >= 1);
    CHECK(labels.filter(QStringLiteral("1.024")).isEmpty());
}

TEST_CASE("switching language mid-class re-writes every number field the new language's way",
          "[ui][language][window]")
{
    // Hazard: after --lang en, View › Language › Tiếng Việt left "20.000 ms" in the Scaling
    // panel's fixed sync field, which a Vietnamese reader reads as twenty thousand.
    BackToEnglish restore;
    MainWindow window;
    window.show();
    Panel* scaling = window.panel(QStringLiteral("scaling"));
    auto* field = scaling->editorFor(QStringLiteral("lesson.fixed_sync"));
    auto* box = qobject_cast<QAbstractSpinBox*>(field);
    REQUIRE(box != nullptr);
    CHECK(box->text().startsWith(QStringLiteral("20.")));
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    QCoreApplication::processEvents();
    CHECK(box->text().startsWith(QStringLiteral("20,")));
    // A panel built after the switch writes it the same way.
    auto* memoryBox = qobject_cast<QAbstractSpinBox*>(
        window.panel(QStringLiteral("memory"))->editorFor(QStringLiteral("model.params")));
    REQUIRE(memoryBox != nullptr);
    CHECK_FALSE(memoryBox->text().contains(QLatin1Char('.')));
}

TEST_CASE("the Undo menu names a change by its control, in the language in use",
          "[ui][language][window]")
{
    // Hazard: "Hoàn tác: Thay đổi lesson.sync_per_worker", and after switching to English the
    // undo text stayed Vietnamese.
    BackToEnglish restore;
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("vi")));
    MainWindow window;
    REQUIRE_FALSE(window.model()->setNumber(QStringLiteral("lesson.sync_per_worker"), 0.005));
    const QString vietnamese = window.model()->undoStack()->undoText();
    CHECK_FALSE(vietnamese.contains(QStringLiteral("lesson.")));
    CHECK(vietnamese.startsWith(QStringLiteral("Thay đổi")));
    REQUIRE(dtsim::common::setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    const QString english = window.model()->undoStack()->undoText();
    CHECK(english.startsWith(QStringLiteral("Change ")));
    CHECK_FALSE(english.contains(QStringLiteral("lesson.")));
}
