#pragma once
// An SVG whose text looks the same in every viewer. QSvgGenerator writes text as <text> in the
// font dtsim draws with, placing each run of a rich text (a bold word, the rest of the line) on
// its own; a viewer without that font (rsvg-convert, Inkscape, a browser on another machine)
// substitutes a wider one, and the runs overlap ("= 380,2 GB" printed over itself) or run into
// the next legend swatch. Painted through this device, every text is drawn as its glyph
// outlines, exactly where Qt laid it out, and written once more as invisible <text> so the file
// can still be searched, copied from and read by a screen reader.

#include <QPaintDevice>
#include <memory>

class QSvgGenerator;

namespace dtsim::ui {

class OutlinedTextEngine;

class SvgTextOutlines : public QPaintDevice {
public:
    /// `target` is set up (size, view box, output) and outlives this device.
    explicit SvgTextOutlines(QSvgGenerator& target);
    ~SvgTextOutlines() override;
    SvgTextOutlines(const SvgTextOutlines&) = delete;
    SvgTextOutlines& operator=(const SvgTextOutlines&) = delete;

    [[nodiscard]] QPaintEngine* paintEngine() const override;

protected:
    [[nodiscard]] int metric(PaintDeviceMetric metric) const override;

private:
    QSvgGenerator& m_target;
    std::unique_ptr<OutlinedTextEngine> m_engine;
};

} // namespace dtsim::ui
