#pragma once

#include "ui/shell/exporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace dtsim::ui {

/// Asks where to export and at what size and pixel scale. The format follows the extension.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(const QString& suggestedPath, QWidget* parent = nullptr);

    [[nodiscard]] QString path() const;
    [[nodiscard]] ExportOptions options() const;

private:
    void browse();
    void updateHint();
    QLineEdit* m_path = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QComboBox* m_scale = nullptr;
    QCheckBox* m_slide = nullptr;
    QLabel* m_hint = nullptr;
};

} // namespace dtsim::ui
