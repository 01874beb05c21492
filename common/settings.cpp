#include "common/settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>
#include <QTemporaryDir>
#include <memory>
#include <utility>

namespace dtsim::common {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::Settings", text);
}

QString& pendingNotice()
{
    static QString notice;
    return notice;
}

/// The folder QSettings keeps `scope`'s files in (after any QSettings::setPath), found from
/// the name it gives an organisation that has no file: constructing that parses nothing.
QString settingsRoot(QSettings::Scope scope)
{
    const QString probe = QStringLiteral("dtsim-settings-folder-probe");
    const QString name =
        QSettings(QSettings::NativeFormat, scope, probe, QStringLiteral("probe")).fileName();
    const qsizetype at = name.lastIndexOf(QLatin1Char('/') + probe + QLatin1Char('/'));
    return at < 0 ? QString() : name.left(at);
}

/// The files a default QSettings() reads in `root`: the application's, the organisation's.
QStringList settingsFiles(const QString& root)
{
    QString organization = QCoreApplication::organizationName();
    if (organization.isEmpty()) {
        organization = QCoreApplication::organizationDomain();
    }
    if (organization.isEmpty()) {
        organization = QStringLiteral("Unknown Organization");
    }
    const QString application = QCoreApplication::applicationName();
    QStringList files{root + QLatin1Char('/') + organization + QStringLiteral(".conf")};
    if (!application.isEmpty()) {
        files.prepend(root + QLatin1Char('/') + organization + QLatin1Char('/') + application +
                      QStringLiteral(".conf"));
    }
    return files;
}

qsizetype variantBytes(const QVariant& value)
{
    switch (value.typeId()) {
    case QMetaType::QByteArray:
        return value.toByteArray().size();
    case QMetaType::QString:
        return value.toString().size() * 2;
    case QMetaType::QStringList: {
        qsizetype bytes = 0;
        for (const QString& text : value.toStringList()) {
            bytes += text.size() * 2;
        }
        return bytes;
    }
    default:
        return value.toString().size() * 2;
    }
}

} // namespace

void guardSettingsFiles()
{
    for (const QSettings::Scope scope : {QSettings::UserScope, QSettings::SystemScope}) {
        const QString root = settingsRoot(scope);
        if (root.isEmpty()) {
            continue;
        }
        for (const QString& file : settingsFiles(root)) {
            const QFileInfo info(file);
            if (!info.isFile() || info.size() <= kMaxSettingsFileBytes) {
                continue;
            }
            // Set aside for this session: an empty folder of its own, removed when dtsim quits.
            static std::unique_ptr<QTemporaryDir> session;
            if (!session) {
                session = std::make_unique<QTemporaryDir>();
            }
            const QString folder =
                session->path() + (scope == QSettings::UserScope ? QStringLiteral("/user")
                                                                 : QStringLiteral("/system"));
            QDir().mkpath(folder);
            QSettings::setPath(QSettings::NativeFormat, scope, folder);
            QSettings::setPath(QSettings::IniFormat, scope, folder);
            const QString notice =
                tr("The settings file %1 is %2, larger than %3: it was not read. dtsim starts "
                   "with its default settings, and what you change now is not saved. Move or "
                   "remove that file to keep settings again.")
                    .arg(QDir::toNativeSeparators(file), QLocale().formattedDataSize(info.size()),
                         QLocale().formattedDataSize(kMaxSettingsFileBytes));
            if (pendingNotice().isEmpty()) {
                pendingNotice() = notice;
            }
            break;
        }
    }
}

QString takeSettingsNotice()
{
    return std::exchange(pendingNotice(), QString());
}

QVariant boundedSetting(const QSettings& settings, const QString& key, const QVariant& fallback)
{
    const QVariant value = settings.value(key);
    if (!value.isValid() || variantBytes(value) > kMaxSettingValueBytes) {
        return fallback;
    }
    return value;
}

QStringList boundedFileList(const QSettings& settings, const QString& key)
{
    const QVariant value = settings.value(key);
    QStringList files;
    for (const QString& file : value.toStringList()) {
        if (files.size() >= kMaxRecentFiles) {
            break;
        }
        if (!file.isEmpty() && file.size() * 2 <= kMaxSettingValueBytes) {
            files << file;
        }
    }
    return files;
}

QString saveSettings(QSettings& settings)
{
    settings.sync();
    if (settings.status() == QSettings::NoError) {
        return {};
    }
    return tr("Could not save the settings to %1 (%2): recent files, the language and the "
              "window's size are kept only until dtsim quits.")
        .arg(QDir::toNativeSeparators(settings.fileName()),
             settings.status() == QSettings::AccessError
                 ? tr("the folder or the file cannot be written")
                 : tr("the file is not in the settings format"));
}

} // namespace dtsim::common
