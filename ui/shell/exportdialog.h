#pragma once

#include "ui/shell/exporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace dtsim::ui {

class NumberField;

/// Asks where to export and at what size and pixel scale. The format follows the extension.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(const QString& suggestedPath, QWidget* parent = nullptr);

    [[nodiscard]] QString path() const;
    [[nodiscard]] ExportOptions options() const;
    /// Refuses, with the message under the fields, while a size field holds an entry it cannot
    /// apply ("99999", "0"): the export never takes a size other than the one shown.
    void accept() override;

private:
    void browse();
    void updateHint();
    QLineEdit* m_path = nullptr;
    NumberField* m_width = nullptr;
    NumberField* m_height = nullptr;
    QComboBox* m_scale = nullptr;
    QCheckBox* m_slide = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_problem = nullptr; ///< why a size field's entry is not applied
};

} // namespace dtsim::ui
