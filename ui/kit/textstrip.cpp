#include "ui/kit/textstrip.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

namespace {
constexpr int kMargin = 6;
} // namespace

TextStrip::TextStrip(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_document.setDocumentMargin(kMargin);
    m_document.setUndoRedoEnabled(false);
    m_document.setDefaultFont(font());
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void TextStrip::setHtml(const QString& html)
{
    if (html == m_html) {
        return;
    }
    m_html = html;
    m_heightForWidth.clear();
    m_document.setHtml(html);
    relayout();
}

QString TextStrip::plainText() const
{
    return m_document.toPlainText();
}

void TextStrip::setPlainText(const QString& text)
{
    setHtml(text.toHtmlEscaped());
    setAccessibleDescription(text);
}

void TextStrip::relayout()
{
    // Before the first layout the widget is narrow: measure as if it had a useful width, or
    // the strip would ask for dozens of wrapped lines and push the window off the screen.
    m_document.setTextWidth(width() >= 200 ? width() : 800);
    const int needed = static_cast<int>(std::ceil(m_document.size().height()));
    if (needed != m_height) {
        m_height = needed;
        updateGeometry();
    }
    update();
}

QSize TextStrip::sizeHint() const
{
    return {400, std::max(m_height, fontMetrics().lineSpacing() + 2 * kMargin)};
}

QSize TextStrip::minimumSizeHint() const
{
    return {100, fontMetrics().lineSpacing() + 2 * kMargin};
}

int TextStrip::heightForWidth(int width) const
{
    if (width == this->width() || width <= 0) {
        return sizeHint().height();
    }
    if (const auto known = m_heightForWidth.constFind(width); known != m_heightForWidth.cend()) {
        return *known;
    }
    QTextDocument probe;
    probe.setDocumentMargin(kMargin);
    probe.setDefaultFont(font());
    probe.setHtml(m_html);
    probe.setTextWidth(width);
    const int height = static_cast<int>(std::ceil(probe.size().height()));
    if (m_heightForWidth.size() >= 32) {
        m_heightForWidth.clear(); // a window resized by dragging asks for many widths
    }
    m_heightForWidth.insert(width, height);
    return height;
}

void TextStrip::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = palette();
    context.palette.setColor(QPalette::Text, palette().color(QPalette::WindowText));
    m_document.documentLayout()->draw(&painter, context);
}

void TextStrip::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void TextStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        m_heightForWidth.clear();
        m_document.setDefaultFont(font());
        relayout();
    }
    QWidget::changeEvent(event);
}

} // namespace dtsim::ui
