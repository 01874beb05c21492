#pragma once
// How every scenario key is shown, once for all panels: the row label, the unit shown and the
// factor from the key's SI value to it, the decimals, the tip, and the names of a choice key's
// words. simcore's KeyInfo holds the key's unit, range and meaning; this is its face.

#include <QString>
#include <QStringList>

namespace simcore {
struct GpuSpec;
}

namespace dtsim::ui {

struct KeyText {
    QString label;     ///< translated, with its mnemonic and colon ("Worker count &N:")
    QString tip;       ///< one or two sentences: the tooltip and the accessible description
    QString suffix;    ///< the unit shown after the number (" ms"), empty for counts and words
    double factor = 1; ///< shown value = SI value × factor (1e3 for seconds shown in ms)
    int decimals = 0;
    /// A choice key's words in its order, named; or, for a whole-number key offered as a list
    /// (parallel.zero), the names of its values 0, 1, 2, …
    QStringList choices;
    /// What the editor shows at the key's special value (KeyInfo::specialValue) instead of a
    /// number that would read as a real one ("automatic (2 × forward)" for a backward time of 0);
    /// empty when the number says it.
    QString special;
};

/// The key's texts in the current language. A key without an entry is labelled by its name.
KeyText keyText(const QString& key);

/// The label without its mnemonic and colon ("Worker count N"): what a screen reader
/// announces for the field.
QString accessibleLabel(const QString& label);

/// "H100 SXM5" from "NVIDIA H100 SXM5 80GB": a GPU's name short enough for a picker or an axis
/// (its capacity is printed beside it).
QString shortGpuName(const simcore::GpuSpec& gpu);

} // namespace dtsim::ui
