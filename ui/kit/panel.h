#pragma once

#include "simcore/reports/report.h"
#include "simcore/scenario/scenario.h"

#include <QHash>
#include <QStringList>
#include <QWidget>

class QAction;
class QButtonGroup;
class QComboBox;
class QHBoxLayout;
class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace dtsim::ui {

class WrappingRow;

class ChartArea;
class NumberField;
class TextStrip;
class ScenarioModel;

/// A panel: parameter controls on the left; on the right its ChartArea, a formula strip with
/// the current numbers substituted, and an inline message line for rejected input. Subclasses
/// add controls, call `setChartArea` once, and redraw in `refresh` whenever the model changes.
class Panel : public QWidget {
    Q_OBJECT
public:
    explicit Panel(ScenarioModel* model, QWidget* parent = nullptr);

    /// The id used by `dtsim export --panel` ("scaling").
    [[nodiscard]] virtual QString panelId() const = 0;
    /// The view "Export charts…" and "Copy chart" draw: panelId(), or a sub-view's export id
    /// when the panel shows one (the Parallelism panel's Gantt is "pipeline").
    [[nodiscard]] virtual QString exportId() const { return panelId(); }
    /// Shows the view `id` (one exportId() can return: the Parallelism panel's "pipeline" is
    /// its Gantt); false when the panel has no such view.
    virtual bool showView(const QString& id) { return id == panelId(); }
    /// The tab title, translated.
    [[nodiscard]] virtual QString panelTitle() const = 0;
    [[nodiscard]] ChartArea* chartArea() const { return m_chartArea; }
    [[nodiscard]] ScenarioModel* model() const { return m_model; }
    [[nodiscard]] QString formulaText() const;
    [[nodiscard]] QString problemText() const;
    /// Only the active panel redraws on each change; an inactive one (a hidden tab) redraws
    /// once when it becomes active again. Panels start active.
    void setActive(bool active);
    [[nodiscard]] bool isActive() const { return m_active; }
    /// The editor bound to `key` (a number field, a choice box or one bindKeyText named),
    /// or null.
    [[nodiscard]] QWidget* editorFor(const QString& key) const { return m_editors.value(key); }
    /// The number field bound to a scenario key, or null.
    [[nodiscard]] NumberField* field(const QString& key) const;
    /// The choice box bound to a scenario key, or null.
    [[nodiscard]] QComboBox* choiceBox(const QString& key) const;
    /// Whether a folding group's rows (addFoldingGroup) are shown.
    [[nodiscard]] static bool isFoldingOpen(const QToolButton* header);
    /// The read-out values as shown, in order (tests read the numbers here).
    [[nodiscard]] QStringList readouts() const;

    /// One read-out row: its label and tooltip, and the report quantities it shows in
    /// `pattern` ("%1", "%2", … are the quantities in order, written by formatQuantity; an
    /// empty pattern is "%1").
    struct Readout {
        QString label;
        QString tip;
        QStringList quantities; ///< quantity ids
        QString pattern;
    };
    /// The rows as they are now (tests compare readouts() with readoutText of each).
    [[nodiscard]] const QList<Readout>& readoutRows() const { return m_readoutRows; }
    /// What `row` shows for these quantities: "—" when one of them is missing or has no value.
    [[nodiscard]] static QString readoutText(const Readout& row,
                                             std::span<const simcore::Quantity> quantities);
    /// Every read-out as "name value", one per line: what "Copy all read-outs" puts on the
    /// clipboard.
    [[nodiscard]] QString readoutLines() const;

    /// Follows the current appearance: in presentation mode the charts take the whole width
    /// (the controls column folds away behind a button) and the read-outs stand in a row under
    /// them, so one idea fills the projector; otherwise the ordinary layout.
    void applyLook();
    /// While the Lesson guide is open beside the panels, they take the same wide layout as in
    /// presentation mode (charts across the width, controls folded behind a button): the guide
    /// sets each step's values, and the charts keep their legends whole in what width is left.
    void setGuideOpen(bool open);
    /// Whether the controls column is shown (always outside presentation mode).
    [[nodiscard]] bool controlsShown() const;
    /// Presentation mode: shows or folds away the controls column.
    void setControlsShown(bool shown);
    /// The read-outs' row under the charts in presentation mode, as plain text (tests).
    [[nodiscard]] QString readoutRowText() const;
    /// Presentation mode: which of the chart area's ideas is shown (ChartArea::
    /// presentationPages); each has a button beside the read-outs.
    void showPresentationPage(int index);
    [[nodiscard]] int presentationPage() const { return m_page; }

signals:
    void exportRequested();

protected:
    /// Redraws everything from the model's scenario. Called on every change.
    virtual void refresh() = 0;
    /// Re-sets every visible string (on QEvent::LanguageChange).
    virtual void retranslate();

    [[nodiscard]] QVBoxLayout* controlsLayout() const { return m_controls; }
    void setChartArea(ChartArea* area);
    void setFormula(const QString& html);
    /// Shows a translated message naming the field and its allowed range; empty clears it.
    void showProblem(const QString& message);
    /// A problem the model finds while redrawing (a rule between keys, a range of this panel's
    /// own): shown while it lasts and cleared by the first redraw without one, leaving an input
    /// rejection shown by applyNumber/applyValue alone. Empty = none now.
    void showModelProblem(const QString& message);
    /// The same for a scenario problem: its words (describeProblem), the keys in the tooltip;
    /// nullptr = none now.
    void showModelProblem(const simcore::ScenarioError* problem);
    /// An input rejection as a scenario problem: its words, the keys in the tooltip.
    void showProblem(const simcore::ScenarioError& problem);
    /// Sets one key through the model; clears the problem line, then shows any rejection.
    bool applyNumber(const QString& key, double value);
    /// A number field bound to `key` (shown as the key table says: unit, factor, decimals)
    /// whose edits go through applyNumber and whose range problems show inline; the caller
    /// places it in a layout (addFormRow places it in a form).
    NumberField* addNumberField(const QString& key);
    /// A combo box offering a choice key's words (item data = the word), or the values 0, 1, …
    /// of a whole-number key the key table names (parallel.zero), with the table's names;
    /// picking one sets the key through the model and shows any rejection inline.
    QComboBox* addChoiceBox(const QString& key);
    /// A flat group of labelled rows under the controls column (its title set in retranslate).
    QFormLayout* addControlGroup(QGroupBox*& group);
    /// A group whose rows fold away under its title, a button (▾ open, ▸ folded): rows changed
    /// less often, so the read-outs under them stay in view at 1280×800. Its title is set with
    /// setFoldingTitle (in retranslate).
    QFormLayout* addFoldingGroup(QToolButton*& header, bool open);
    static void setFoldingTitle(QToolButton* header, const QString& title);
    /// The model presets (simcore::modelPresets()) and a last "Custom" item (its text set in
    /// retranslate) in a labelled row: picking one sets the whole model shape in one change.
    QComboBox* addModelPresetRow(QFormLayout* form);
    /// Selects the preset whose shape is `model`, else "Custom", without emitting.
    static void showModelPreset(QComboBox* box, const simcore::ModelSpec& model);
    /// A combo box that may be narrower than its longest item (its text elides; the list shows
    /// every item whole): the controls column has a fixed width, and long items in a long
    /// language would otherwise push the fields past its edge.
    static QComboBox* newChoiceBox();
    /// Sets one key from text through the model; clears the problem line, then shows any
    /// rejection.
    bool applyValue(const QString& key, const QString& text);
    /// Shows every number field's and choice box's current scenario value, without emitting
    /// edits.
    void showFieldValues();

    /// A labelled row bound to `key`: a number field, or a choice box for a choice key, with
    /// the key table's label, tip and unit (ui/kit/keytexts.h), kept in the current language.
    QWidget* addFormRow(QFormLayout* form, const QString& key);
    /// A labelled row for an editor the panel made itself (a preset picker, a link picker).
    void addLabelledRow(QFormLayout* form, QWidget* editor);
    /// An editor the panel made itself for `key` (a slider, a check box): it gets the key
    /// table's tip and accessible name, and `label` (or the check box itself) its label text.
    void bindKeyText(const QString& key, QWidget* editor, QLabel* label = nullptr);
    [[nodiscard]] QLabel* rowLabel(QWidget* editor) const { return m_rowLabels.value(editor); }
    /// The label text of the row of `editor`.
    void setRowLabel(QWidget* editor, const QString& text);
    /// `count` result rows in `form`: a name and a bold, selectable value (fontFactor × the
    /// panel's font); wrapped values for long texts.
    /// Headline read-outs (a few numbers, the panel's answer) are drawn at the charts' label
    /// size; Body ones, several and wrapped, at the window's.
    enum class ReadoutSize { Body, Headline };
    void addReadouts(QFormLayout* form, int count, ReadoutSize size, bool wrapValues);
    /// The read-out rows' labels, tips and patterns, in order (one per row addReadouts made);
    /// call again when the language changes or a row's pattern does.
    void setReadouts(const QList<Readout>& rows);
    /// Presentation mode: whether read-out `index` stands in the row under the charts (every
    /// one does until told otherwise); it stays in the controls column either way.
    void setReadoutInRow(qsizetype index, bool inRow);
    /// Every read-out's value from the report's quantities; all "—" when the report has a
    /// problem.
    void showReadouts(const simcore::Report& report);
    void changeEvent(QEvent* event) override;

private:
    /// Shows one read-out's value; an unchanged text costs nothing (no new layout).
    void setReadout(int index, const QString& text);
    /// Read-out `index` as "name value".
    [[nodiscard]] QString readoutLine(qsizetype index) const;
    void updateControlsWidth();
    void updateReadoutRow();
    void retranslateControlsButton();
    void retranslatePageButtons();

    ScenarioModel* m_model;
    ChartArea* m_chartArea = nullptr;
    QWidget* m_controlsFrame = nullptr;
    QVBoxLayout* m_controls = nullptr;
    QVBoxLayout* m_content = nullptr;
    TextStrip* m_formula = nullptr;
    TextStrip* m_readoutRow = nullptr;       ///< presentation mode: the read-outs in a row
    QToolButton* m_controlsButton = nullptr; ///< presentation mode: shows the controls
    bool m_presentation = false; ///< the wide layout: presentation mode or the guide open
    bool m_guideOpen = false;
    bool m_controlsWanted = false; ///< presentation mode: the teacher opened the controls
    WrappingRow* m_readoutLine = nullptr;
    QButtonGroup* m_pageButtons = nullptr; ///< presentation mode: one per chart-area idea
    int m_page = 0;
    QLabel* m_problem = nullptr;
    QPushButton* m_export = nullptr;
    /// Applies the key table's texts to every bound editor (on start and language change).
    void applyKeyTexts();
    void applyKeyText(const QString& key);

    QList<NumberField*> m_fields;
    QList<QComboBox*> m_choiceBoxes;
    QHash<QString, QWidget*> m_editors;  ///< by scenario key
    QHash<QString, QLabel*> m_keyLabels; ///< bindKeyText's labels, by key
    QHash<QWidget*, QLabel*> m_rowLabels;
    QList<QLabel*> m_readoutNames;
    QList<QLabel*> m_readoutValues;
    QList<QAction*> m_readoutCopyActions; ///< per read-out: copy it, copy all
    QList<Readout> m_readoutRows;
    QList<qsizetype> m_readoutsOutOfRow; ///< setReadoutInRow(index, false)

    bool m_showingModelProblem = false;
    bool m_active = true;
    bool m_stale = false;
};

} // namespace dtsim::ui
