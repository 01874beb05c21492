#pragma once

#include <QHash>
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
    /// The text with markup removed (what a screen reader announces).
    [[nodiscard]] QString plainText() const;
    [[nodiscard]] QString html() const { return m_html; }

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout();
    QTextDocument m_document;
    QString m_html;
    int m_height = 0;
    /// heightForWidth results for the current text and font: a layout asks for the same few
    /// widths again and again, and each answer costs an HTML parse and a text layout.
    mutable QHash<int, int> m_heightForWidth;
};

} // namespace dtsim::ui
