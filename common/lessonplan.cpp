#include "common/lessonplan.h"

#include "common/language.h"
#include "simcore/views/views.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace dtsim::common {

namespace {

constexpr auto kContext = "dtsim::common::LessonPlan";
constexpr int kLessonPlanVersion = 1;

QString tr(const char* text)
{
    return QCoreApplication::translate(kContext, text);
}

/// Thrown inside the parser only: the first fault, already worded for the reader.
struct PlanFault {
    QString message;
};

class StepReader {
public:
    StepReader(const QJsonObject& object, int number, const QString& source)
        : m_object(object), m_number(number), m_source(source)
    {
    }

    [[noreturn]] void fail(const QString& field, const QString& what) const
    {
        throw PlanFault{tr("%1, step %2, %3: %4").arg(m_source).arg(m_number).arg(field, what)};
    }

    QString string(const QString& field) const
    {
        const QJsonValue value = m_object.value(field);
        if (!value.isString() || value.toString().trimmed().isEmpty()) {
            fail(field, tr("a text is required"));
        }
        return value.toString();
    }

    /// A text in every interface language; `required` false accepts a missing field.
    LessonText text(const QString& field, const QJsonObject& within, const QString& name,
                    bool required = true) const
    {
        LessonText result;
        const QJsonValue value = within.value(field);
        if (value.isUndefined() && !required) {
            return result;
        }
        if (!value.isObject()) {
            fail(name, tr("give the text in each language: {\"en\": …, \"vi\": …}"));
        }
        for (const QString& language : availableLanguages()) {
            const QJsonValue inLanguage = value.toObject().value(language);
            if (!inLanguage.isString() || inLanguage.toString().trimmed().isEmpty()) {
                fail(name + QLatin1Char('.') + language, tr("a text is required"));
            }
            result.byLanguage.insert(language, inLanguage.toString());
        }
        return result;
    }

    LessonText text(const QString& field, bool required = true) const
    {
        return text(field, m_object, field, required);
    }

    const QJsonObject& object() const { return m_object; }

private:
    QJsonObject m_object;
    int m_number;
    QString m_source;
};

/// "KEY=VALUE" pairs of an object of settings, in file order, each checked against the key.
std::vector<std::pair<std::string, std::string>>
readSettings(const StepReader& reader, const QJsonValue& value, const QString& field)
{
    if (!value.isObject()) {
        reader.fail(field, tr("give the settings as {\"key\": value, …}"));
    }
    std::vector<std::pair<std::string, std::string>> settings;
    simcore::Scenario check;
    // QJsonObject holds its keys sorted, not in the file's order: each key is set once and the
    // rules between keys are checked after all are set, so the order does not matter.
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = it.key().toStdString();
        std::string text;
        if (it.value().isDouble()) {
            text = simcore::formatNumber(it.value().toDouble());
        } else if (it.value().isString()) {
            text = it.value().toString().toStdString();
        } else {
            reader.fail(field + QLatin1Char('.') + it.key(), tr("a number or a word is required"));
        }
        if (const auto error = simcore::setValue(check, key, text)) {
            reader.fail(field + QLatin1Char('.') + it.key(),
                        QString::fromStdString(error->message()));
        }
        settings.emplace_back(key, text);
    }
    if (const auto problems = simcore::validate(check); !problems.empty()) {
        reader.fail(field, QString::fromStdString(problems.front().message()));
    }
    return settings;
}

LessonAnswer readAnswer(const StepReader& reader, const QJsonValue& value)
{
    if (!value.isObject()) {
        reader.fail(QStringLiteral("answer"),
                    tr("a step with a question needs {\"view\": …, \"quantity\": …}"));
    }
    const QJsonObject object = value.toObject();
    LessonAnswer answer;
    const QString viewName = object.value(QStringLiteral("view")).toString();
    const auto view = simcore::findView(viewName.toStdString());
    if (!view) {
        QStringList allowed;
        for (simcore::View known : simcore::allViews()) {
            allowed << QString::fromUtf8(simcore::viewId(known));
        }
        reader.fail(QStringLiteral("answer.view"),
                    tr("'%1' is not a view; allowed: %2")
                        .arg(viewName, allowed.join(QStringLiteral(", "))));
    }
    answer.spec.view = *view;
    answer.spec.quantity = object.value(QStringLiteral("quantity")).toString().toStdString();
    if (object.contains(QStringLiteral("relative_to"))) {
        for (const auto& [key, text] :
             readSettings(reader, object.value(QStringLiteral("relative_to")),
                          QStringLiteral("answer.relative_to"))) {
            answer.spec.relativeTo.push_back(key + "=" + text);
        }
    }
    const QJsonValue scale = object.value(QStringLiteral("scale"));
    if (!scale.isDouble() || !(scale.toDouble() > 0)) {
        reader.fail(QStringLiteral("answer.scale"), tr("a number greater than 0 is required"));
    }
    answer.scale = scale.toDouble();
    const QJsonValue decimals = object.value(QStringLiteral("decimals"));
    if (!decimals.isDouble() || decimals.toDouble() != decimals.toInt() || decimals.toInt() < 0 ||
        decimals.toInt() > 6) {
        reader.fail(QStringLiteral("answer.decimals"),
                    tr("a whole number from 0 to 6 is required"));
    }
    answer.decimals = decimals.toInt();
    answer.unit = reader.text(QStringLiteral("unit"), object, QStringLiteral("answer.unit"));
    return answer;
}

LessonPlanStep readStep(const QJsonValue& value, int number, const QString& source)
{
    if (!value.isObject()) {
        throw PlanFault{tr("%1, step %2: a step is an object {\"id\": …, \"panel\": …}")
                            .arg(source)
                            .arg(number)};
    }
    const StepReader reader(value.toObject(), number, source);
    LessonPlanStep step;
    step.id = reader.string(QStringLiteral("id"));
    step.panel = reader.string(QStringLiteral("panel"));
    const auto* entry = simcore::findViewEntry(step.panel.toStdString());
    if (entry == nullptr || !entry->tab) {
        QStringList tabs;
        for (const auto& known : simcore::viewEntries()) {
            if (known.tab) {
                tabs << QString::fromUtf8(known.id);
            }
        }
        reader.fail(QStringLiteral("panel"), tr("'%1' is not a panel; allowed: %2")
                                                 .arg(step.panel, tabs.join(QStringLiteral(", "))));
    }
    if (reader.object().contains(QStringLiteral("shows"))) {
        step.shows = reader.string(QStringLiteral("shows"));
        if (simcore::findViewEntry(step.shows.toStdString()) == nullptr) {
            reader.fail(QStringLiteral("shows"), tr("'%1' is not a view").arg(step.shows));
        }
    }
    step.settings =
        readSettings(reader, reader.object().value(QStringLiteral("set")), QStringLiteral("set"));
    step.title = reader.text(QStringLiteral("title"));
    step.text = reader.text(QStringLiteral("text"));
    step.question = reader.text(QStringLiteral("question"), false);
    const bool asks = !step.question.byLanguage.isEmpty();
    if (asks) {
        step.answer = readAnswer(reader, reader.object().value(QStringLiteral("answer")));
        step.explanation = reader.text(QStringLiteral("explanation"));
        for (const QString& text : step.explanation.byLanguage) {
            if (!text.contains(QLatin1String("%1"))) {
                reader.fail(QStringLiteral("explanation"),
                            tr("%1 (where the answer goes) is missing"));
            }
        }
        const simcore::Scenario scenario = lessonStepScenario(step);
        const std::string problem = simcore::lessonAnswerProblem(step.answer->spec, scenario);
        if (!problem.empty()) {
            reader.fail(QStringLiteral("answer"), QString::fromStdString(problem));
        }
    } else if (reader.object().contains(QStringLiteral("answer"))) {
        reader.fail(QStringLiteral("answer"), tr("an answer needs a question"));
    }
    return step;
}

} // namespace

QString LessonText::current() const
{
    return byLanguage.value(currentLanguage(), byLanguage.value(QStringLiteral("en")));
}

LessonPlan parseLessonPlan(const QByteArray& contents, const QString& sourceName)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(contents, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return {{},
                tr("%1: not JSON (%2 at character %3)")
                    .arg(sourceName, parseError.errorString())
                    .arg(parseError.offset)};
    }
    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("dtsim-lesson") ||
        root.value(QStringLiteral("version")).toInt() != kLessonPlanVersion) {
        return {{},
                tr("%1: not a dtsim lesson plan (format \"dtsim-lesson\", version %2)")
                    .arg(sourceName)
                    .arg(kLessonPlanVersion)};
    }
    const QJsonArray steps = root.value(QStringLiteral("steps")).toArray();
    if (steps.isEmpty()) {
        return {{}, tr("%1, steps: at least one step is required").arg(sourceName)};
    }
    LessonPlan plan;
    try {
        QStringList ids;
        for (qsizetype i = 0; i < steps.size(); ++i) {
            LessonPlanStep step = readStep(steps.at(i), static_cast<int>(i) + 1, sourceName);
            if (ids.contains(step.id)) {
                throw PlanFault{tr("%1, step %2, id: '%3' is used twice")
                                    .arg(sourceName)
                                    .arg(i + 1)
                                    .arg(step.id)};
            }
            ids << step.id;
            plan.steps.append(std::move(step));
        }
    } catch (const PlanFault& fault) {
        return {{}, fault.message};
    }
    return plan;
}

const LessonPlan& builtInLessonPlan()
{
    static const LessonPlan plan = [] {
        QFile file(QStringLiteral(":/lesson/lesson.json"));
        if (!file.open(QIODevice::ReadOnly)) {
            // Only a build that forgot to compile resources/lesson in gets here.
            return LessonPlan{{}, file.errorString()};
        }
        return parseLessonPlan(file.readAll(), QStringLiteral("lesson.json"));
    }();
    return plan;
}

simcore::Scenario lessonStepScenario(const LessonPlanStep& step)
{
    simcore::Scenario scenario;
    for (const auto& [key, text] : step.settings) {
        simcore::setValue(scenario, key, text); // checked when the plan was read
    }
    return scenario;
}

std::optional<double> lessonStepAnswer(const LessonPlanStep& step)
{
    if (!step.answer) {
        return std::nullopt;
    }
    const auto value = simcore::lessonAnswer(step.answer->spec, lessonStepScenario(step));
    if (!value) {
        return std::nullopt;
    }
    return *value / step.answer->scale;
}

} // namespace dtsim::common
