#include "ui/kit/scenariomodel.h"

#include "ui/kit/keytexts.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QUndoCommand>
#include <QUndoStack>

namespace dtsim::ui {

/// One accepted change: the scenario before and after. Merges with the next edit of the same
/// key when it follows within kMergeMilliseconds, so a slider drag is one step.
class ScenarioEditCommand : public QUndoCommand {
public:
    ScenarioEditCommand(ScenarioModel* model, simcore::Scenario before, simcore::Scenario after,
                        QString key, std::function<QString()> describe)
        : m_model(model), m_before(std::move(before)), m_after(std::move(after)),
          m_key(std::move(key)), m_describe(std::move(describe))
    {
        retranslate();
        m_lastEdit.start();
    }

    /// The Undo menu names the step in the language now in use.
    void retranslate() { setText(m_describe()); }

    void undo() override { m_model->assign(m_before); }
    void redo() override { m_model->assign(m_after); }
    [[nodiscard]] int id() const override { return m_key.isEmpty() ? -1 : 1; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const ScenarioEditCommand*>(other);
        if (next->m_key != m_key || m_lastEdit.elapsed() > ScenarioModel::kMergeMilliseconds) {
            return false;
        }
        m_after = next->m_after;
        m_lastEdit.restart();
        // A drag that ends where it started leaves nothing to undo.
        setObsolete(m_after == m_before);
        return true;
    }

private:
    ScenarioModel* m_model;
    simcore::Scenario m_before;
    simcore::Scenario m_after;
    QString m_key; ///< empty for whole-scenario changes, which never merge
    std::function<QString()> m_describe;
    QElapsedTimer m_lastEdit;
};

void ScenarioModel::retranslateUndoTexts()
{
    for (int i = 0; i < m_undo->count(); ++i) {
        // Every command on this stack is one of ours; the stack hands them out const only.
        auto* command =
            static_cast<ScenarioEditCommand*>(const_cast<QUndoCommand*>(m_undo->command(i)));
        command->retranslate();
    }
}

ScenarioModel::ScenarioModel(QObject* parent) : ScenarioModel(simcore::Scenario{}, parent) {}

ScenarioModel::ScenarioModel(const simcore::Scenario& scenario, QObject* parent)
    : QObject(parent), m_scenario(scenario), m_undo(new QUndoStack(this))
{
}

std::optional<simcore::ScenarioError> ScenarioModel::setValue(const QString& key,
                                                              const QString& text)
{
    simcore::Scenario candidate = m_scenario;
    auto error = simcore::setValue(candidate, key.toStdString(), text.toStdString());
    return apply(candidate, key, std::move(error));
}

std::optional<simcore::ScenarioError> ScenarioModel::setNumber(const QString& key, double value)
{
    simcore::Scenario candidate = m_scenario;
    auto error = simcore::setNumber(candidate, key.toStdString(), value);
    return apply(candidate, key, std::move(error));
}

std::optional<simcore::ScenarioError> ScenarioModel::setScenario(const simcore::Scenario& scenario,
                                                                 const QString& description)
{
    if (description.isEmpty()) {
        return setScenario(scenario, [] {
            return QCoreApplication::translate("dtsim::ui::ScenarioModel", "Change all parameters");
        });
    }
    return setScenario(scenario, [description] { return description; });
}

std::optional<simcore::ScenarioError> ScenarioModel::setScenario(const simcore::Scenario& scenario,
                                                                 std::function<QString()> describe)
{
    for (auto& problem : simcore::validate(scenario)) {
        if (problem.kind != simcore::ScenarioError::Kind::Inconsistent) {
            return std::move(problem);
        }
    }
    if (scenario == m_scenario) {
        return std::nullopt;
    }
    m_undo->push(
        new ScenarioEditCommand(this, m_scenario, scenario, QString(), std::move(describe)));
    return std::nullopt;
}

std::optional<simcore::ScenarioError>
ScenarioModel::apply(const simcore::Scenario& candidate, const QString& key,
                     std::optional<simcore::ScenarioError> error)
{
    if (error) {
        return error;
    }
    if (candidate == m_scenario) {
        return std::nullopt;
    }
    // Named by the control's label, in the language in use when the menu shows it.
    m_undo->push(new ScenarioEditCommand(this, m_scenario, candidate, key, [key] {
        //: Undo menu text; %1 is a control's label such as "Worker count N"
        return ScenarioModel::tr("Change %1").arg(accessibleLabel(keyText(key).label));
    }));
    return std::nullopt;
}

void ScenarioModel::assign(const simcore::Scenario& scenario)
{
    if (scenario == m_scenario) {
        return;
    }
    m_scenario = scenario;
    emit changed();
}

} // namespace dtsim::ui
