#include "ui/scenariomodel.h"

namespace dtsim::ui {

ScenarioModel::ScenarioModel(QObject* parent) : QObject(parent) {}

ScenarioModel::ScenarioModel(const simcore::Scenario& scenario, QObject* parent)
    : QObject(parent), m_scenario(scenario)
{
}

std::optional<simcore::ScenarioError> ScenarioModel::setValue(const QString& key,
                                                              const QString& text)
{
    simcore::Scenario candidate = m_scenario;
    auto error = simcore::setValue(candidate, key.toStdString(), text.toStdString());
    return apply(candidate, std::move(error));
}

std::optional<simcore::ScenarioError> ScenarioModel::setNumber(const QString& key, double value)
{
    simcore::Scenario candidate = m_scenario;
    auto error = simcore::setNumber(candidate, key.toStdString(), value);
    return apply(candidate, std::move(error));
}

void ScenarioModel::setScenario(const simcore::Scenario& scenario)
{
    if (scenario == m_scenario) {
        return;
    }
    m_scenario = scenario;
    emit changed();
}

std::optional<simcore::ScenarioError>
ScenarioModel::apply(const simcore::Scenario& candidate,
                     std::optional<simcore::ScenarioError> error)
{
    if (error) {
        return error;
    }
    setScenario(candidate);
    return std::nullopt;
}

} // namespace dtsim::ui
