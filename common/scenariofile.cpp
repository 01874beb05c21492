#include "common/scenariofile.h"

#include "common/errortext.h"
#include "common/files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace dtsim::common {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::ScenarioFile", text);
}

/// QJsonDocument keeps no positions, so find where a key is written to name its line.
int lineOfKey(const QByteArray& contents, const QString& key)
{
    const qsizetype at = contents.indexOf(QByteArray("\"") + key.toUtf8() + "\"");
    return at < 0 ? 0 : static_cast<int>(contents.left(at).count('\n')) + 1;
}

int lineOfOffset(const QByteArray& contents, qsizetype offset)
{
    return static_cast<int>(contents.left(offset).count('\n')) + 1;
}

} // namespace

ScenarioFileResult parseScenario(const QByteArray& contents, const QString& sourceName,
                                 const simcore::Scenario& base)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(contents, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return {std::nullopt, tr("%1, line %2: not valid JSON (%3).")
                                  .arg(sourceName)
                                  .arg(lineOfOffset(contents, parseError.offset))
                                  .arg(parseError.errorString())};
    }
    if (!document.isObject()) {
        return {std::nullopt, tr("%1: expected a JSON object with \"format\", \"version\" and "
                                 "\"values\".")
                                  .arg(sourceName)};
    }
    const QJsonObject root = document.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("dtsim-scenario")) {
        return {std::nullopt, tr("%1: \"format\" must be \"dtsim-scenario\".").arg(sourceName)};
    }
    const QJsonValue version = root.value(QLatin1String("version"));
    // toInt() is 0 for a fraction or a number outside int's range (a cast would be undefined).
    if (!version.isDouble() || version.toDouble() != version.toInt() || version.toInt() < 1) {
        return {std::nullopt, tr("%1, line %2: \"version\" must be a whole number from 1.")
                                  .arg(sourceName)
                                  .arg(lineOfKey(contents, QStringLiteral("version")))};
    }
    if (version.toInt() > kScenarioFileVersion) {
        return {std::nullopt, tr("%1 was written by a newer dtsim (file version %2; this one "
                                 "reads up to %3). Update dtsim to open it.")
                                  .arg(sourceName)
                                  .arg(version.toInt())
                                  .arg(kScenarioFileVersion)};
    }
    const QJsonValue values = root.value(QLatin1String("values"));
    if (!values.isObject()) {
        return {std::nullopt,
                tr("%1: \"values\" must be an object of key: value pairs.").arg(sourceName)};
    }
    simcore::Scenario scenario = base;
    const QJsonObject object = values.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        const int line = lineOfKey(contents, key);
        std::optional<simcore::ScenarioError> error;
        if (it.value().isDouble()) {
            error = simcore::setNumber(scenario, key.toStdString(), it.value().toDouble());
            if (error && error->kind == simcore::ScenarioError::Kind::NotAChoice) {
                error->given = QString::number(it.value().toDouble()).toStdString();
            }
        } else if (it.value().isString()) {
            error =
                simcore::setValue(scenario, key.toStdString(), it.value().toString().toStdString());
        } else {
            return {std::nullopt, tr("%1, line %2: %3 must be a number or a string.")
                                      .arg(sourceName)
                                      .arg(line)
                                      .arg(key)};
        }
        if (error) {
            return {std::nullopt,
                    tr("%1, line %2: %3").arg(sourceName).arg(line).arg(describeError(*error))};
        }
    }
    const auto problems = simcore::validate(scenario);
    if (!problems.empty()) {
        const QString key = QString::fromStdString(problems.front().key);
        return {std::nullopt, tr("%1, line %2: %3")
                                  .arg(sourceName)
                                  .arg(lineOfKey(contents, key))
                                  .arg(describeError(problems.front()))};
    }
    return {scenario, QString()};
}

ScenarioFileResult loadScenarioFile(const QString& path, const simcore::Scenario& base)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {
            std::nullopt,
            tr("Could not open %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    }
    constexpr qint64 kLargestScenarioFile = 4 * 1024 * 1024;
    if (file.size() > kLargestScenarioFile) {
        return {std::nullopt, tr("%1 is larger than 4 MiB: not a scenario file.")
                                  .arg(QDir::toNativeSeparators(path))};
    }
    return parseScenario(file.readAll(), QDir::toNativeSeparators(path), base);
}

QByteArray serializeScenario(const simcore::Scenario& scenario)
{
    QJsonObject values;
    for (const auto& key : simcore::scenarioKeys()) {
        const QString name = QString::fromUtf8(key.name.data(), key.name.size());
        if (key.type == simcore::KeyType::Choice || key.type == simcore::KeyType::Text) {
            values.insert(name, QString::fromStdString(key.getChoice(scenario)));
        } else {
            values.insert(name, key.getNumber(scenario));
        }
    }
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("dtsim-scenario"));
    root.insert(QStringLiteral("version"), kScenarioFileVersion);
    root.insert(QStringLiteral("values"), values);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString saveScenarioFile(const QString& path, const simcore::Scenario& scenario)
{
    return writeFileAtomically(path, serializeScenario(scenario));
}

} // namespace dtsim::common
