#pragma once

#include "simcore/scenario.h"

#include <QObject>
#include <optional>

namespace dtsim::ui {

/// The one Scenario every panel edits. Panels write through it and redraw on `changed`;
/// nothing else holds scenario state, so data flows controls → Scenario → simcore → charts.
class ScenarioModel : public QObject {
    Q_OBJECT
public:
    explicit ScenarioModel(QObject* parent = nullptr);
    explicit ScenarioModel(const simcore::Scenario& scenario, QObject* parent = nullptr);

    [[nodiscard]] const simcore::Scenario& scenario() const { return m_scenario; }

    /// Parses and applies one key; emits `changed` only when the value really changed.
    std::optional<simcore::ScenarioError> setValue(const QString& key, const QString& text);
    std::optional<simcore::ScenarioError> setNumber(const QString& key, double value);
    /// Replaces everything at once (a preset, a file); the caller has validated it.
    void setScenario(const simcore::Scenario& scenario);

signals:
    void changed();

private:
    std::optional<simcore::ScenarioError> apply(const simcore::Scenario& candidate,
                                                std::optional<simcore::ScenarioError> error);
    simcore::Scenario m_scenario;
};

} // namespace dtsim::ui
