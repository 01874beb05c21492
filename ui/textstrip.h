#pragma once

#include <QHash>
#include <QRawFont>
#include <QTextDocument>
#include <QWidget>

namespace dtsim::ui {

/// A wrapped line or three of rich text that changes on every slider step (a formula with live
/// numbers, a chart summary). A QLabel lays its text out several times per change and asks its
/// parent layout to redo itself each time; this lays out once and only asks for a new layout
/// when the height it needs really changes.
class TextStrip : public QWidget {
    Q_OBJECT
public:
    explicit TextStrip(QWidget* parent = nullptr);

    void setHtml(const QString& html);
    void setPlainText(const QString& text);
    /// The text with markup removed (what a screen reader announces), with the characters
    /// html() has: a minus sign drawn as an en dash is still a minus sign here.
    [[nodiscard]] QString plainText() const;
    [[nodiscard]] QString html() const { return m_html; }
    /// html() as drawn. A minus sign the strip's font lacks is its own en dash; any other
    /// character it lacks is in a span naming the font that has it (see familyDrawing), which
    /// looks the same as Qt's own fallback.
    [[nodiscard]] QString drawnHtml() const { return m_typeset.html; }

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Typeset {
        QString html;
        /// For each en dash of the text, in order: whether it stands for a minus sign.
        QList<bool> dashIsMinus;
        friend bool operator==(const Typeset&, const Typeset&) = default;
    };

    void relayout();
    /// `html` as drawnHtml() describes it.
    [[nodiscard]] Typeset typeset(const QString& html) const;
    QTextDocument m_document;
    QString m_html;
    Typeset m_typeset;
    /// The strip's font without fallbacks, to ask which characters it has (reset with the font).
    mutable QRawFont m_coverage;
    int m_height = 0;
    /// heightForWidth results for the current text and font: a layout asks for the same few
    /// widths again and again, and each answer costs an HTML parse and a text layout.
    mutable QHash<int, int> m_heightForWidth;
};

} // namespace dtsim::ui
