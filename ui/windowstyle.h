#pragma once
// The application's widget style, unchanged in look, without the image-plugin scan that Qt 6.4's
// styles cause at start.

#include <QProxyStyle>

namespace dtsim::ui {

/// The platform's style (Fusion on most Linux desktops) as it looks, with two of Qt's own
/// images read differently. Qt 6.4's QImageReader, asked for a PNG without being told it is
/// one, first loads every image-format plugin installed (SVG, GIF, ICO, JPEG and libjpeg) to ask
/// each whether it reads PNG. Fusion reads its group-box frame that way on the first paint, and
/// the common style its tool-bar extension and dock title-bar icons when a menu bar, tool bar or
/// dock widget is built: at start that cost about a twentieth of the window's first frame. Here
/// the frame is read by Qt's built-in PNG reader, and those icons are built when first drawn
/// (they are drawn only when a bar overflows or the dock is shown).
class WindowStyle : public QProxyStyle {
    Q_OBJECT
public:
    /// Wraps a new instance of the style named `key` (QStyleFactory's key).
    explicit WindowStyle(const QString& key);

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
    void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget = nullptr) const override;
    QIcon standardIcon(StandardPixmap icon, const QStyleOption* option = nullptr,
                       const QWidget* widget = nullptr) const override;

    /// Whether standardIcon builds `icon` only when it is first drawn.
    static bool isDeferred(StandardPixmap icon);

private:
    bool m_fusion = false;
};

/// Makes the application's style a WindowStyle around the current one, once; does nothing when
/// it already is one or the current style has no factory key. Call before the first widget: a
/// style change re-polishes every widget.
void installWindowStyle();

} // namespace dtsim::ui
