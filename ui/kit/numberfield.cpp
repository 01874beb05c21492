#include "ui/kit/numberfield.h"

#include "common/numberentry.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/keytexts.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <cmath>

namespace dtsim::ui {

NumberField::NumberField(const QString& key, double displayFactor, int decimals, QWidget* parent)
    : QDoubleSpinBox(parent), m_key(key), m_displayFactor(displayFactor)
{
    const simcore::KeyInfo* info = simcore::findKey(key.toStdString());
    Q_ASSERT(info && info->type != simcore::KeyType::Choice);
    setDecimals(decimals);
    setRange(info->minimum * displayFactor, info->maximum * displayFactor);
    setUp();
}

NumberField::NumberField(double minimum, double maximum, int decimals, QWidget* parent)
    : QDoubleSpinBox(parent)
{
    setDecimals(decimals);
    setRange(minimum, maximum);
    setUp();
}

void NumberField::setUp()
{
    // Typed digits apply on Enter or focus loss, so "1500" does not redraw for 1, 15, 150;
    // arrows, wheel and Page Up/Down still apply at once.
    setKeyboardTracking(false);
    setAccelerated(true);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    connect(this, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        emit problem(QString());
        emit edited(shown / m_displayFactor);
    });
    connect(lineEdit(), &QLineEdit::textEdited, this, &NumberField::checkTypedText);
}

void NumberField::showValue(double siValue)
{
    const QSignalBlocker blocker(this);
    setValue(siValue * m_displayFactor);
}

void NumberField::setSpecialText(const QString& text)
{
    const simcore::KeyInfo* info = simcore::findKey(m_key.toStdString());
    if (!text.isEmpty() && info && info->specialValue) {
        const double special = *info->specialValue * m_displayFactor;
        if (special < minimum()) {
            setMinimum(special);
        }
        // QAbstractSpinBox shows its special-value text at the minimum only.
        if (minimum() == special) {
            setSpecialValueText(text);
            return;
        }
    }
    setSpecialValueText(QString());
}

QString NumberField::refusal() const
{
    return message(read(lineEdit()->displayText()));
}

QString NumberField::number(const QString& input) const
{
    QString text = input;
    if (!suffix().isEmpty() && text.endsWith(suffix())) {
        text.chop(suffix().size());
    }
    if (!prefix().isEmpty() && text.startsWith(prefix())) {
        text.remove(0, prefix().size());
    }
    return text.trimmed();
}

QString NumberField::name() const
{
    if (m_key.isEmpty()) {
        return accessibleName();
    }
    return tr("%1 (%2)").arg(accessibleLabel(keyText(m_key).label), m_key);
}

NumberField::Reading NumberField::read(const QString& input) const
{
    using Verdict = Reading::Verdict;
    if (!specialValueText().isEmpty() && input == specialValueText()) {
        return {minimum(), Verdict::Fine, input};
    }
    Reading reading{0, Verdict::Fine, number(input)};
    const common::TypedNumber typed = common::readTypedNumber(reading.typed, locale());
    switch (typed.problem) {
    case common::TypedNumber::Problem::Empty:
    case common::TypedNumber::Problem::NotANumber:
        reading.verdict = Verdict::NotANumber;
        return reading;
    case common::TypedNumber::Problem::AmbiguousSeparator:
        reading.verdict = Verdict::Ambiguous;
        return reading;
    case common::TypedNumber::Problem::None:
        break;
    }
    reading.value = typed.value;
    if (!(reading.value >= minimum() && reading.value <= maximum())) {
        reading.verdict = Verdict::OutOfRange;
        return reading;
    }
    // Applied as shown, never rounded silently: QDoubleSpinBox keeps `decimals` decimals.
    const double scaled = reading.value * std::pow(10.0, decimals());
    if (std::abs(scaled - std::round(scaled)) > 1e-9 * std::max(1.0, std::abs(scaled))) {
        reading.verdict = decimals() == 0 ? Verdict::NotWhole : Verdict::TooPrecise;
    }
    return reading;
}

QString NumberField::message(const Reading& reading) const
{
    using Verdict = Reading::Verdict;
    if (reading.verdict == Verdict::Fine) {
        return QString();
    }
    const QString low = textFromValue(minimum()) + suffix();
    const QString high = textFromValue(maximum()) + suffix();
    const QString decimalSign = locale().decimalPoint();
    switch (reading.verdict) {
    case Verdict::Fine:
        break;
    case Verdict::NotANumber:
        return tr("%1: '%2' is not a number; allowed: %3 to %4, written with '%5' as the decimal "
                  "sign. It was not applied.")
            .arg(name(), reading.typed, low, high, decimalSign);
    case Verdict::Ambiguous:
        return tr("%1: '%2' is ambiguous, since '%3' may group thousands; write '%4' as the "
                  "decimal sign and group digits with spaces only; allowed: %5 to %6. It was "
                  "not applied.")
            .arg(name(), reading.typed,
                 decimalSign == QLatin1String(".") ? QStringLiteral(",") : QStringLiteral("."),
                 decimalSign, low, high);
    case Verdict::OutOfRange:
        return tr("%1: '%2' is out of range; allowed: %3 to %4. It was not applied.")
            .arg(name(), reading.typed, low, high);
    case Verdict::NotWhole:
        return tr("%1: '%2' is not a whole number; allowed: %3 to %4. It was not applied.")
            .arg(name(), reading.typed, low, high);
    case Verdict::TooPrecise:
        return tr("%1: '%2' has more decimals than the field keeps (%3); allowed: %4 to %5. It "
                  "was not applied.")
            .arg(name(), reading.typed, QString::number(decimals()), low, high);
    }
    return QString();
}

QValidator::State NumberField::validate(QString& input, int& position) const
{
    Q_UNUSED(position);
    // Nothing typed is ever dropped: what cannot be applied stays visible, with its message,
    // instead of the keystroke vanishing ("1e3" became 13, "5000" became 500).
    return read(input).verdict == Reading::Verdict::Fine ? QValidator::Acceptable
                                                         : QValidator::Intermediate;
}

double NumberField::valueFromText(const QString& text) const
{
    return read(text).value;
}

QString NumberField::textFromValue(double value) const
{
    return common::formatFixed(value, decimals(), locale());
}

void NumberField::fixup(QString& input) const
{
    // Unlike QDoubleSpinBox, nothing is removed from what was typed: it is applied or refused.
    Q_UNUSED(input);
}

void NumberField::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        if (const QString refused = refusal(); !refused.isEmpty()) {
            // Kept as typed and said why; not passed on, so a dialog does not accept either.
            emit problem(refused);
            event->accept();
            return;
        }
    }
    QDoubleSpinBox::keyPressEvent(event);
}

void NumberField::focusOutEvent(QFocusEvent* event)
{
    const QString refused = refusal();
    if (refused.isEmpty()) {
        QDoubleSpinBox::focusOutEvent(event);
        return;
    }
    // QAbstractSpinBox would put the previous value back without a word: the entry stays, with
    // its message, and nothing is applied.
    QCoreApplication::sendEvent(lineEdit(), event);
    // Past QAbstractSpinBox on purpose: its handler is the one that restores the old value.
    QWidget::focusOutEvent(event); // NOLINT(bugprone-parent-virtual-call)
    emit problem(refused);
}

void NumberField::changeEvent(QEvent* event)
{
    QDoubleSpinBox::changeEvent(event);
    // Written again in the new locale's decimal sign, unless it holds a refused entry.
    if (event->type() == QEvent::LocaleChange &&
        (!lineEdit()->isModified() || refusal().isEmpty())) {
        const QSignalBlocker blocker(this);
        setValue(value());
    }
}

void NumberField::checkTypedText(const QString& text)
{
    // A number not finished yet ("1e" of "1e3") is judged on Enter or focus loss.
    const Reading reading = read(text);
    emit problem(reading.verdict == Reading::Verdict::NotANumber ? QString() : message(reading));
}

} // namespace dtsim::ui
