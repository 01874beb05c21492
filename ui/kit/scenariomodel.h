#pragma once

#include "simcore/scenario/scenario.h"

#include <QObject>
#include <functional>
#include <optional>

class QUndoStack;

namespace dtsim::ui {

/// The one Scenario every panel edits. Panels write through it and redraw on `changed`;
/// nothing else holds scenario state, so data flows controls → Scenario → simcore → charts.
/// Every accepted change is an undoable step; consecutive edits of one key in quick
/// succession (a slider drag, a spin box held down) merge into one step.
class ScenarioModel : public QObject {
    Q_OBJECT
public:
    explicit ScenarioModel(QObject* parent = nullptr);
    explicit ScenarioModel(const simcore::Scenario& scenario, QObject* parent = nullptr);

    [[nodiscard]] const simcore::Scenario& scenario() const { return m_scenario; }
    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }

    /// Parses and applies one key; emits `changed` only when the value really changed.
    std::optional<simcore::ScenarioError> setValue(const QString& key, const QString& text);
    std::optional<simcore::ScenarioError> setNumber(const QString& key, double value);
    /// Replaces everything at once (a preset, a file, a panel's whole-scenario edit) as one
    /// undoable step named `description`. Refused, nothing changed and the problem returned, when
    /// a value is outside its key's range or form: what setValue refuses key by key. A conflict
    /// between keys is let through, as setValue lets it through, for the panels to name.
    std::optional<simcore::ScenarioError> setScenario(const simcore::Scenario& scenario,
                                                      const QString& description = {});
    /// The same, named by `describe` in the language in use whenever the Undo menu shows it.
    std::optional<simcore::ScenarioError> setScenario(const simcore::Scenario& scenario,
                                                      std::function<QString()> describe);
    /// Names every undo step again in the language now in use (after a language switch).
    void retranslateUndoTexts();

    /// Edits of the same key closer together than this merge into one undo step.
    static constexpr int kMergeMilliseconds = 1000;

signals:
    void changed();

private:
    friend class ScenarioEditCommand;
    std::optional<simcore::ScenarioError> apply(const simcore::Scenario& candidate,
                                                const QString& key,
                                                std::optional<simcore::ScenarioError> error);
    /// Sets the scenario without recording a step (undo, redo).
    void assign(const simcore::Scenario& scenario);

    simcore::Scenario m_scenario;
    QUndoStack* m_undo;
};

} // namespace dtsim::ui
