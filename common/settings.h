#pragma once
// The window's remembered state (QSettings: recent files, last scenario, language, theme,
// window geometry), bounded on read and checked on save. A settings file is a few hundred bytes;
// one of gigabytes (a mistake, a hostile file) would be parsed whole by the first QSettings, for
// minutes and gigabytes of memory, so its size is checked before anything parses it.

#include <QString>
#include <QStringList>
#include <QVariant>

class QSettings;

namespace dtsim::common {

/// The largest settings file read: far above a real one (a few kB).
inline constexpr qint64 kMaxSettingsFileBytes = 1024 * 1024;
/// The largest value read from it (a path, a window geometry are far smaller).
inline constexpr qsizetype kMaxSettingValueBytes = 64 * 1024;
/// Recent files kept and shown.
inline constexpr qsizetype kMaxRecentFiles = 8;

/// Checks the size of every file a default QSettings() reads (the application's and the
/// organisation's, for the user and the system) before any parses it. A file larger than
/// kMaxSettingsFileBytes is neither read nor changed: QSettings() then uses a folder of this
/// session's (the defaults, not saved), and settingsNotice() says so. Call it before the first
/// QSettings(); later calls are cheap.
void guardSettingsFiles();
/// The one message about the settings not yet shown (an oversize file set aside), translated;
/// empty once taken.
QString takeSettingsNotice();

/// `key`'s value, or `fallback` when it is missing or larger than kMaxSettingValueBytes.
QVariant boundedSetting(const QSettings& settings, const QString& key,
                        const QVariant& fallback = {});
/// The list at `key` (recent files): at most kMaxRecentFiles entries, each no longer than
/// kMaxSettingValueBytes.
QStringList boundedFileList(const QSettings& settings, const QString& key);

/// Writes `settings` to disk now; a translated message naming the file and saying what is lost
/// when that failed (an unwritable home folder, a full disk), else "".
QString saveSettings(QSettings& settings);

} // namespace dtsim::common
