#include "common/scenariofile.h"

#include "common/errortext.h"
#include "common/files.h"
#include "simcore/scenario/text.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace dtsim::common {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::ScenarioFile", text);
}

int lineOfOffset(const QByteArray& contents, qsizetype offset)
{
    return static_cast<int>(contents.left(offset).count('\n')) + 1;
}

/// One member of a JSON object as written: its key (escapes decoded), the line the key is on,
/// and a scalar value's text exactly as written (a number's digits, a string without quotes and
/// escapes decoded; empty for an object or array).
struct Member {
    QString key;
    int line = 0;
    QByteArray number; ///< the number's text when the value is a number, else empty
};

/// Where the keys of a scenario file are written. QJsonDocument keeps neither positions nor
/// duplicates nor a number's digits, so this reads the (already validated) text once more for
/// them: the members of the top object and of its "values" objects, in file order.
struct Layout {
    std::vector<Member> top;
    std::vector<Member> values; ///< of every "values" object (a second one is refused anyway)
};

/// Reads the structure of JSON text that QJsonDocument accepted. Never recurses (nesting is
/// skipped by counting brackets), so a deep document costs no stack; on text it does not
/// understand it stops and returns what it found, and callers fall back to "no line".
class LayoutReader {
public:
    explicit LayoutReader(const QByteArray& text) : m_text(text) {}

    Layout read()
    {
        Layout layout;
        if (m_text.startsWith("\xEF\xBB\xBF")) { // a UTF-8 byte-order mark, as QJsonDocument
            m_at = 3;
        }
        skipSpace();
        if (!consume('{')) {
            return layout;
        }
        readMembers(layout.top, [&](const Member& member) {
            if (member.key == QLatin1String("values") && peek() == '{') {
                ++m_at;
                readMembers(layout.values, [&](const Member&) { return skipValue(); });
                return true;
            }
            return skipValue();
        });
        return layout;
    }

private:
    char peek() const { return m_at < m_text.size() ? m_text.at(m_at) : '\0'; }
    bool consume(char c)
    {
        skipSpace();
        if (peek() != c) {
            return false;
        }
        ++m_at;
        return true;
    }
    void skipSpace()
    {
        while (m_at < m_text.size()) {
            const char c = m_text.at(m_at);
            if (c == '\n') {
                ++m_line;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                break;
            }
            ++m_at;
        }
    }

    /// Members up to the closing '}' (the '{' is consumed); `value` reads each value.
    template <typename ValueReader>
    void readMembers(std::vector<Member>& members, ValueReader value)
    {
        skipSpace();
        if (consume('}')) {
            return;
        }
        for (;;) {
            skipSpace();
            Member member;
            member.line = m_line;
            const auto key = readString();
            if (!key || !consume(':')) {
                return;
            }
            member.key = *key;
            skipSpace();
            member.number = numberText();
            members.push_back(member);
            if (!value(members.back())) {
                return;
            }
            if (consume(',')) {
                continue;
            }
            consume('}');
            return;
        }
    }

    /// The number at the cursor, as written (not consumed); empty when the value is no number.
    QByteArray numberText() const
    {
        qsizetype end = m_at;
        while (end < m_text.size() && QByteArrayView("+-.eE0123456789").contains(m_text.at(end))) {
            ++end;
        }
        const char first = peek();
        return (first == '-' || (first >= '0' && first <= '9')) ? m_text.mid(m_at, end - m_at)
                                                                : QByteArray();
    }

    /// A string at the cursor, escapes decoded.
    std::optional<QString> readString()
    {
        if (peek() != '"') {
            return std::nullopt;
        }
        ++m_at;
        QString out;
        qsizetype runStart = m_at;
        const auto flush = [&] {
            out += QString::fromUtf8(m_text.constData() + runStart, m_at - runStart);
        };
        while (m_at < m_text.size()) {
            const char c = m_text.at(m_at);
            if (c == '"') {
                flush();
                ++m_at;
                return out;
            }
            if (c != '\\') {
                ++m_at;
                continue;
            }
            flush();
            if (m_at + 1 >= m_text.size()) {
                return std::nullopt;
            }
            const char escaped = m_text.at(m_at + 1);
            m_at += 2;
            switch (escaped) {
            case 'b':
                out += QLatin1Char('\b');
                break;
            case 'f':
                out += QLatin1Char('\f');
                break;
            case 'n':
                out += QLatin1Char('\n');
                break;
            case 'r':
                out += QLatin1Char('\r');
                break;
            case 't':
                out += QLatin1Char('\t');
                break;
            case 'u': {
                bool ok = false;
                const ushort unit = m_text.mid(m_at, 4).toUShort(&ok, 16);
                if (!ok || m_at + 4 > m_text.size()) {
                    return std::nullopt;
                }
                out += QChar(unit); // surrogate halves pair up in the QString
                m_at += 4;
                break;
            }
            default: // '"', '\\', '/'
                out += QLatin1Char(escaped);
                break;
            }
            runStart = m_at;
        }
        return std::nullopt;
    }

    /// Skips one value (a string, a scalar, or a whole object or array); false when lost.
    bool skipValue()
    {
        skipSpace();
        if (peek() == '"') {
            return readString().has_value();
        }
        if (peek() != '{' && peek() != '[') {
            while (m_at < m_text.size() &&
                   !QByteArrayView(",}] \t\r\n").contains(m_text.at(m_at))) {
                ++m_at;
            }
            return true;
        }
        qsizetype depth = 0;
        while (m_at < m_text.size()) {
            const char c = m_text.at(m_at);
            if (c == '"') {
                if (!readString()) {
                    return false;
                }
                continue;
            }
            if (c == '\n') {
                ++m_line;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    ++m_at;
                    return true;
                }
            }
            ++m_at;
        }
        return false;
    }

    const QByteArray& m_text;
    qsizetype m_at = 0;
    int m_line = 1;
};

const Member* findMember(const std::vector<Member>& members, const QString& key)
{
    for (const auto& member : members) {
        if (member.key == key) {
            return &member;
        }
    }
    return nullptr;
}

/// The first key given twice: its second occurrence, and the line of the first.
/// Names are compared as setValue reads them (simcore::keyName): "scaling.workers " and
/// "scaling.workers" are one key given twice.
std::optional<std::pair<Member, int>> duplicate(const std::vector<Member>& members)
{
    QHash<QString, int> firstLine;
    for (const auto& member : members) {
        const std::string given = member.key.toStdString();
        const QString name = QString::fromStdString(std::string(simcore::keyName(given)));
        if (const auto it = firstLine.constFind(name); it != firstLine.constEnd()) {
            return std::pair{member, *it};
        }
        firstLine.insert(name, member.line);
    }
    return std::nullopt;
}

/// The line to name for a problem of the whole scenario (validate()): the line of its key, else
/// of a key its explanation names (model.heads' rule names model.hidden), else of "values".
int problemLine(const Layout& layout, const simcore::ScenarioError& problem)
{
    if (const Member* member = findMember(layout.values, QString::fromStdString(problem.key))) {
        return member->line;
    }
    const QString explanation = QString::fromStdString(problem.detail + " " + problem.allowed);
    for (const auto& member : layout.values) {
        if (!member.key.isEmpty() && explanation.contains(member.key)) {
            return member.line;
        }
    }
    const Member* values = findMember(layout.top, QStringLiteral("values"));
    return values ? values->line : 1;
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
    const Layout layout = LayoutReader(contents).read();
    const auto lineOf = [](const std::vector<Member>& members, const QString& key) {
        const Member* member = findMember(members, key);
        return member ? member->line : 1;
    };
    // A key given twice would be read as one of its values, silently: refused, top level first.
    for (const auto* members : {&layout.top, &layout.values}) {
        if (const auto twice = duplicate(*members)) {
            return {std::nullopt, tr("%1, line %2: \"%3\" is given a second time (first on line "
                                     "%4); each key may appear once.")
                                      .arg(sourceName)
                                      .arg(twice->first.line)
                                      .arg(QString::fromStdString(simcore::textutil::visible(
                                          twice->first.key.toStdString())))
                                      .arg(twice->second)};
        }
    }
    const QJsonObject root = document.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("dtsim-scenario")) {
        return {std::nullopt, tr("%1: \"format\" must be \"dtsim-scenario\".").arg(sourceName)};
    }
    const QJsonValue version = root.value(QLatin1String("version"));
    // toInt() is 0 for a fraction or a number outside int's range (a cast would be undefined);
    // digits only as written, since 1.0000000000000001 is 1 once read as a double.
    const Member* versionMember = findMember(layout.top, QStringLiteral("version"));
    const bool writtenWhole =
        versionMember && !versionMember->number.isEmpty() &&
        std::all_of(versionMember->number.cbegin(), versionMember->number.cend(),
                    [](char c) { return c >= '0' && c <= '9'; });
    if (!version.isDouble() || !writtenWhole || version.toDouble() != version.toInt() ||
        version.toInt() < 1) {
        return {std::nullopt, tr("%1, line %2: \"version\" must be a whole number from 1.")
                                  .arg(sourceName)
                                  .arg(lineOf(layout.top, QStringLiteral("version")))};
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
        return {std::nullopt, tr("%1, line %2: \"values\" must be an object of key: value pairs.")
                                  .arg(sourceName)
                                  .arg(lineOf(layout.top, QStringLiteral("values")))};
    }
    simcore::Scenario scenario = base;
    const QJsonObject object = values.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = it.key();
        const Member* member = findMember(layout.values, key);
        const int line = member ? member->line : lineOf(layout.top, QStringLiteral("values"));
        const simcore::KeyInfo* info = simcore::findKey(key.toStdString());
        std::optional<simcore::ScenarioError> error;
        if (it.value().isDouble()) {
            // A number is checked as written (its digits, not the double QJsonDocument rounded
            // it to), as --set checks it: "5.000000000000000001" is no whole number.
            const QByteArray written = member && !member->number.isEmpty()
                                           ? member->number
                                           : QByteArray::number(it.value().toDouble(), 'g', 17);
            if (info &&
                (info->type == simcore::KeyType::Choice || info->type == simcore::KeyType::Text)) {
                error = simcore::setNumber(scenario, key.toStdString(), it.value().toDouble());
                if (error && error->kind == simcore::ScenarioError::Kind::NotAChoice) {
                    error->given = written.toStdString();
                }
            } else {
                error = simcore::setValue(scenario, key.toStdString(), written.toStdString());
            }
        } else if (it.value().isString()) {
            error =
                simcore::setValue(scenario, key.toStdString(), it.value().toString().toStdString());
        } else {
            return {std::nullopt, tr("%1, line %2: %3 must be a number or a string.")
                                      .arg(sourceName)
                                      .arg(line)
                                      .arg(QString::fromStdString(
                                          simcore::textutil::visible(key.toStdString())))};
        }
        if (error) {
            return {std::nullopt,
                    tr("%1, line %2: %3").arg(sourceName).arg(line).arg(describeError(*error))};
        }
    }
    const auto problems = simcore::validate(scenario);
    if (!problems.empty()) {
        return {std::nullopt, tr("%1, line %2: %3")
                                  .arg(sourceName)
                                  .arg(problemLine(layout, problems.front()))
                                  .arg(describeError(problems.front()))};
    }
    return {scenario, QString()};
}

ScenarioFileResult loadScenarioFile(const QString& path, const simcore::Scenario& base)
{
    constexpr qint64 kLargestScenarioFile = 4 * 1024 * 1024;
    const QString shown = QDir::toNativeSeparators(path);
    FileRead read = readWholeFile(path, kLargestScenarioFile);
    switch (read.problem) {
    case FileRead::Problem::None:
        break;
    case FileRead::Problem::Missing:
        return {std::nullopt,
                tr("Could not open %1: %2").arg(shown, tr("No such file or directory"))};
    case FileRead::Problem::NotRegular:
        return {std::nullopt, tr("%1 is not a regular file: not a scenario file.").arg(shown)};
    case FileRead::Problem::CannotOpen:
        return {std::nullopt, tr("Could not open %1: %2").arg(shown, read.reason), true};
    case FileRead::Problem::TooLarge:
        return {std::nullopt, tr("%1 is larger than 4 MiB: not a scenario file.").arg(shown)};
    case FileRead::Problem::ReadError:
        return {std::nullopt, tr("Could not read %1: %2").arg(shown, read.reason), true};
    }
    return parseScenario(*read.bytes, shown, base);
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
