#pragma once

#include <QDoubleSpinBox>

namespace dtsim::ui {

/// A spin box bound to one scenario key, or to a plain range. It shows the value in a display
/// unit (ms for a key in seconds, say), offers exactly the key's range, and shows exactly what
/// it applies: every keystroke stays as typed (nothing is dropped or rewritten), the text is read
/// as common::readTypedNumber reads it ("1e3", "1,5" or "1.5", "16 384"), and what it cannot
/// apply as typed — not a number, out of range, more decimals than it shows — is kept as text,
/// reported through `problem` with the field's label and range, and not applied.
/// Numbers are written as common::formatFixed writes them, in the widget's locale.
class NumberField : public QDoubleSpinBox {
    Q_OBJECT
public:
    /// `displayFactor` converts the key's SI value to what is shown (1000 for s → ms).
    NumberField(const QString& key, double displayFactor, int decimals, QWidget* parent = nullptr);
    /// A field bound to no key: `minimum` … `maximum` as shown; messages name it by its
    /// accessible name.
    NumberField(double minimum, double maximum, int decimals, QWidget* parent = nullptr);

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
    /// Why the text now in the field cannot be applied (translated), or an empty string when it
    /// shows the value the field holds.
    [[nodiscard]] QString refusal() const;

signals:
    void edited(double siValue);
    /// A translated message for an entry that is not applied, or an empty string when it is fine.
    void problem(const QString& message);

protected:
    QValidator::State validate(QString& input, int& position) const override;
    double valueFromText(const QString& text) const override;
    QString textFromValue(double value) const override;
    void fixup(QString& input) const override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// What the text in the field reads as: cheap, since the spin box asks on every change.
    struct Reading {
        enum class Verdict { Fine, NotANumber, Ambiguous, OutOfRange, NotWhole, TooPrecise };
        double value = 0;
        Verdict verdict = Verdict::Fine;
        QString typed; ///< the number part, without prefix and suffix
    };
    void setUp();
    /// `input` without the prefix and suffix.
    [[nodiscard]] QString number(const QString& input) const;
    [[nodiscard]] Reading read(const QString& input) const;
    /// Why `reading` is not applied (translated); empty when it is Fine.
    [[nodiscard]] QString message(const Reading& reading) const;
    /// The field's name in messages: its key's label and the key, or its accessible name.
    [[nodiscard]] QString name() const;
    void checkTypedText(const QString& text);
    QString m_key;
    double m_displayFactor = 1;
};

} // namespace dtsim::ui
