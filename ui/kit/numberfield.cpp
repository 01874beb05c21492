#include "ui/kit/numberfield.h"

#include "common/format.h"
#include "simcore/scenario/scenario.h"

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

QValidator::State NumberField::validate(QString& input, int& position) const
{
    const QValidator::State state = QDoubleSpinBox::validate(input, position);
    if (state != QValidator::Invalid) {
        return state;
    }
    // A well-formed number outside the range stays editable, so that the user sees it and the
    // message about it, instead of the keystroke being swallowed.
    bool isNumber = false;
    locale().toDouble(input.trimmed().remove(suffix()).remove(prefix()).trimmed(), &isNumber);
    return isNumber ? QValidator::Intermediate : QValidator::Invalid;
}

void NumberField::checkTypedText(const QString& text)
{
    bool isNumber = false;
    const double shown =
        locale().toDouble(QString(text).remove(suffix()).remove(prefix()).trimmed(), &isNumber);
    if (!isNumber || (shown >= minimum() && shown <= maximum())) {
        emit problem(QString());
        return;
    }
    emit problem(tr("%1: %2%3 is out of range; allowed: %4 to %5%3. The value was not changed.")
                     .arg(m_key, common::formatNumber(shown, 6), suffix(),
                          common::formatNumber(minimum(), 6), common::formatNumber(maximum(), 6)));
}

} // namespace dtsim::ui
