#include "ui/textstrip.h"

#include "ui/appearance.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <utility>

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
    m_typeset = typeset(html);
    m_heightForWidth.clear();
    m_document.setHtml(m_typeset);
    relayout();
}

QString TextStrip::typeset(const QString& html) const
{
    const auto outsideAscii = [](QChar c) { return c.unicode() >= 0x80; };
    if (std::none_of(html.cbegin(), html.cend(), outsideAscii)) {
        return html; // markup and entities are ASCII, and so is most text
    }
    if (!m_coverage.isValid()) {
        m_coverage = QRawFont::fromFont(font());
    }
    QString result;
    result.reserve(html.size());
    bool insideTag = false; // attribute values stay as they are
    for (const QChar c : html) {
        if (c == QLatin1Char('<') || c == QLatin1Char('>')) {
            insideTag = c == QLatin1Char('<');
        }
        if (insideTag || !outsideAscii(c) || c.isSurrogate() || m_coverage.supportsCharacter(c)) {
            result += c;
            continue;
        }
        const QString family = familyDrawing(c.unicode(), m_coverage.familyName());
        if (family.isEmpty()) {
            result += c;
            continue;
        }
        QString quoted = family;
        quoted.replace(QLatin1Char('\''), QLatin1String("\\'"));
        result += QStringLiteral("<span style=\"font-family:'%1'\">").arg(quoted.toHtmlEscaped());
        result += c;
        result += QStringLiteral("</span>");
    }
    return result;
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
    probe.setHtml(m_typeset);
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
        m_coverage = QRawFont();
        m_document.setDefaultFont(font());
        if (QString again = typeset(m_html); again != m_typeset) {
            m_typeset = std::move(again);
            m_document.setHtml(m_typeset);
        }
        relayout();
    }
    QWidget::changeEvent(event);
}

} // namespace dtsim::ui
