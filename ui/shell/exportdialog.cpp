#include "ui/shell/exportdialog.h"

#include "common/format.h"
#include "common/numberentry.h"
#include "ui/kit/numberfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>

namespace dtsim::ui {

ExportDialog::ExportDialog(const QString& suggestedPath, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Export charts"));
    m_path = new QLineEdit(suggestedPath);
    m_path->setMinimumWidth(360);
    auto* browse = new QPushButton(tr("&Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    // Number fields: a QSpinBox dropped the digit it could not take ("99999" became 1998 and
    // was written) and put back its previous value for "0", without a word.
    m_width = new NumberField(kMinExportSide, kMaxExportSide, 0);
    m_height = new NumberField(kMinExportSide, kMaxExportSide, 0);
    m_width->setAccessibleName(tr("Width"));
    m_height->setAccessibleName(tr("Height"));
    for (auto* side : {m_width, m_height}) {
        side->setSuffix(tr(" px"));
    }
    const ExportOptions defaults;
    m_width->setValue(defaults.size.width());
    m_height->setValue(defaults.size.height());
    m_scale = new QComboBox;
    m_scale->addItem(tr("1× (screen)"), 1.0);
    m_scale->addItem(tr("1.5× (1920 × 1080 for a slide)"), kSlidePixelScale);
    m_scale->addItem(tr("2× (sharp on large screens, recommended)"), 2.0);
    m_scale->addItem(tr("3× (print)"), 3.0);
    m_scale->setCurrentIndex(m_scale->findData(2.0));
    m_slide = new QCheckBox(tr("S&lide: 16:9 with text large enough for the back of a room"));
    m_slide->setToolTip(tr("Lays the charts out at %1 × %2 with every font %3 times larger; a "
                           "PNG then has 1.5 × the pixels (1920 × 1080).")
                            .arg(common::formatWhole(kSlideSize.width()),
                                 common::formatWhole(kSlideSize.height()),
                                 QLocale().toString(kSlideFontScale)));
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #B00020; font-weight: bold;"));
    m_problem->hide();

    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×")));
    sizeRow->addWidget(m_height);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&File:"), pathRow);
    form->addRow(tr("&Size:"), sizeRow);
    form->addRow(m_problem);
    form->addRow(QString(), m_slide);
    form->addRow(tr("PNG &pixel scale:"), m_scale);
    form->addRow(m_hint);
    form->addRow(buttons);

    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateHint);
    connect(m_scale, &QComboBox::currentIndexChanged, this, &ExportDialog::updateHint);
    for (auto* side : {m_width, m_height}) {
        connect(side, &NumberField::valueChanged, this, &ExportDialog::updateHint);
        connect(side, &NumberField::problem, this, [this](const QString& message) {
            m_problem->setText(message);
            m_problem->setVisible(!message.isEmpty());
        });
    }
    connect(m_slide, &QCheckBox::toggled, this, [this](bool slide) {
        // The slide's size is part of what makes its text large enough.
        const ExportOptions chosen = slide ? slideOptions() : ExportOptions{};
        m_width->setValue(chosen.size.width());
        m_height->setValue(chosen.size.height());
        m_width->setEnabled(!slide);
        m_height->setEnabled(!slide);
        m_scale->setCurrentIndex(m_scale->findData(slide ? 1.5 : 2.0));
        updateHint();
    });
    updateHint();
}

QString ExportDialog::path() const
{
    return m_path->text().trimmed();
}

ExportOptions ExportDialog::options() const
{
    ExportOptions options{QSize(qRound(m_width->value()), qRound(m_height->value())),
                          m_scale->currentData().toDouble()};
    options.slide = m_slide->isChecked();
    return options;
}

void ExportDialog::accept()
{
    for (NumberField* side : {m_width, m_height}) {
        if (const QString message = side->refusal(); !message.isEmpty()) {
            m_problem->setText(message);
            m_problem->show();
            side->setFocus();
            return;
        }
    }
    // An entry not yet applied (typed, then the Export button's shortcut) is taken as shown.
    m_width->interpretText();
    m_height->interpretText();
    QDialog::accept();
}

void ExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export charts"), path(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;CSV data (*.csv)"));
    if (!chosen.isEmpty()) {
        m_path->setText(chosen);
    }
}

void ExportDialog::updateHint()
{
    const auto format = exportFormatFor(path());
    m_scale->setEnabled(format == ExportFormat::Png);
    if (!format) {
        m_hint->setText(tr("The file name must end in .png, .svg, .pdf or .csv."));
    } else if (*format == ExportFormat::Png) {
        const auto o = options();
        m_hint->setText(tr("PNG of %1 × %2 pixels.")
                            .arg(common::formatWhole(qRound(o.size.width() * o.scale)),
                                 common::formatWhole(qRound(o.size.height() * o.scale))));
    } else if (*format == ExportFormat::Csv) {
        m_hint->setText(tr("The numbers behind the charts, in SI units, comma-separated: the "
                           "quantities in this file, each other table in a file beside it."));
    } else {
        m_hint->setText(tr("Vector drawing: sharp at any size."));
    }
}

} // namespace dtsim::ui
