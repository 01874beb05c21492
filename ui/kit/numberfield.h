#pragma once

#include <QDoubleSpinBox>

namespace dtsim::ui {

/// A spin box bound to one scenario key. It shows the value in a display unit (ms for a key in
/// seconds, say), offers exactly the key's range, and never clamps silently: a typed value
/// outside the range is kept as text, reported through `problem`, and not applied.
class NumberField : public QDoubleSpinBox {
    Q_OBJECT
public:
    /// `displayFactor` converts the key's SI value to what is shown (1000 for s → ms).
    NumberField(const QString& key, double displayFactor, int decimals, QWidget* parent = nullptr);

    [[nodiscard]] const QString& key() const { return m_key; }
    /// Shows a value without emitting `edited`.
    void showValue(double siValue);
    [[nodiscard]] double siValue() const { return value() / m_displayFactor; }
    /// Shows `text` (translated) instead of the key's special value (KeyInfo::specialValue) when
    /// the field holds it, e.g. "automatic (2 × forward)" for a backward time of 0 rather than
    /// "0.000 ms"; empty: the number. Only for a special value at or below the key's range.
    void setSpecialText(const QString& text);
    /// The text editor inside, for keyboard tests.
    [[nodiscard]] QLineEdit* editor() const { return lineEdit(); }

signals:
    void edited(double siValue);
    /// A translated message for an out-of-range entry, or an empty string when it is fine.
    void problem(const QString& message);

protected:
    QValidator::State validate(QString& input, int& position) const override;

private:
    void checkTypedText(const QString& text);
    QString m_key;
    double m_displayFactor;
};

} // namespace dtsim::ui
