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
constexpr QChar kMinusSign(0x2212);
constexpr QChar kEnDash(0x2013);
/// Stops a line break after the en dash that stands for a minus: "2(N−1)" never breaks after
/// its minus sign, while a line may break after an en dash.
constexpr QChar kWordJoiner(0x2060);

/// Whether an HTML character reference for an en dash starts at `at`.
bool enDashReferenceAt(const QString& html, qsizetype at)
{
    for (const QLatin1String reference :
         {QLatin1String("&ndash;"), QLatin1String("&#8211;"), QLatin1String("&#x2013;")}) {
        if (QStringView(html).mid(at).startsWith(reference, Qt::CaseInsensitive)) {
            return true;
        }
    }
    return false;
}
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
    m_document.setHtml(m_typeset.html);
    relayout();
}

TextStrip::Typeset TextStrip::typeset(const QString& html) const
{
    const auto outsideAscii = [](QChar c) { return c.unicode() >= 0x80; };
    if (std::none_of(html.cbegin(), html.cend(), outsideAscii)) {
        return {html, {}}; // markup and entities are ASCII, and so is most text
    }
    if (!m_coverage.isValid()) {
        m_coverage = QRawFont::fromFont(font());
    }
    // Debian's Noto Sans has no minus sign. Drawn from a fallback font it is another design
    // beside the text's digits, and that font costs a font match and load while the window
    // starts; the text font's own en dash is the stand-in typesetters use when a font has no
    // minus, matching the digits' weight.
    const bool dashForMinus =
        !m_coverage.supportsCharacter(kMinusSign) && m_coverage.supportsCharacter(kEnDash);
    const bool canJoin = m_coverage.supportsCharacter(kWordJoiner);
    Typeset result;
    result.html.reserve(html.size());
    bool insideTag = false; // attribute values stay as they are
    for (qsizetype i = 0; i < html.size(); ++i) {
        const QChar c = html[i];
        if (c == QLatin1Char('<') || c == QLatin1Char('>')) {
            insideTag = c == QLatin1Char('<');
        }
        if (!insideTag && (c == kEnDash || (c == QLatin1Char('&') && enDashReferenceAt(html, i)))) {
            result.dashIsMinus.append(false);
        }
        if (insideTag || !outsideAscii(c) || c.isSurrogate() || m_coverage.supportsCharacter(c)) {
            result.html += c;
            continue;
        }
        if (c == kMinusSign && dashForMinus) {
            result.html += kEnDash;
            if (canJoin) {
                result.html += kWordJoiner;
            }
            result.dashIsMinus.append(true);
            continue;
        }
        const QString family = familyDrawing(c.unicode(), m_coverage.familyName());
        if (family.isEmpty()) {
            result.html += c;
            continue;
        }
        QString quoted = family;
        quoted.replace(QLatin1Char('\''), QLatin1String("\\'"));
        result.html +=
            QStringLiteral("<span style=\"font-family:'%1'\">").arg(quoted.toHtmlEscaped());
        result.html += c;
        result.html += QStringLiteral("</span>");
    }
    return result;
}

QString TextStrip::plainText() const
{
    const QString text = m_document.toPlainText();
    if (!m_typeset.dashIsMinus.contains(true)) {
        return text;
    }
    if (text.count(kEnDash) != m_typeset.dashIsMinus.size()) {
        // Markup the scan in typeset() does not know made or hid an en dash, so they cannot be
        // matched up: ask the original text, at the cost of a parse.
        QTextDocument original;
        original.setHtml(m_html);
        return original.toPlainText();
    }
    QString result;
    result.reserve(text.size());
    qsizetype dash = 0;
    bool afterMinus = false;
    for (const QChar c : text) {
        if (afterMinus && c == kWordJoiner) {
            afterMinus = false;
            continue; // typeset() put it there
        }
        afterMinus = c == kEnDash && m_typeset.dashIsMinus[dash++];
        result += afterMinus ? kMinusSign : c;
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
    probe.setHtml(m_typeset.html);
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
        if (Typeset again = typeset(m_html); again != m_typeset) {
            m_typeset = std::move(again);
            m_document.setHtml(m_typeset.html);
        }
        relayout();
    }
    QWidget::changeEvent(event);
}

} // namespace dtsim::ui
