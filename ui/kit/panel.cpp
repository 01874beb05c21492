#include "ui/kit/panel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/scenario/catalogue.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/kit/textstrip.h"
#include "ui/kit/wheelguard.h"
#include "ui/kit/wrappingrow.h"

#include <QAbstractButton>
#include <QAction>
#include <QButtonGroup>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <cstdlib>

namespace dtsim::ui {

Panel::Panel(ScenarioModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    auto* controlsHost = new QWidget;
    m_controls = new QVBoxLayout(controlsHost);
    m_controls->setContentsMargins(4, 4, 4, 4);

    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #B00020; font-weight: bold;"));
    m_problem->setAccessibleName(tr("Input problem"));
    m_problem->hide();

    m_export = new QPushButton;
    m_export->setIcon(themeIcon(QStringLiteral("document-save-as")));
    connect(m_export, &QPushButton::clicked, this, &Panel::exportRequested);

    auto* controlsColumn = new QVBoxLayout;
    auto* scroll = new QScrollArea;
    scroll->setWidget(controlsHost);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    controlsColumn->addWidget(scroll, 1);
    controlsColumn->addWidget(m_problem);
    controlsColumn->addWidget(m_export);

    m_formula = new TextStrip;
    m_formula->setAutoFillBackground(true);
    m_formula->setBackgroundRole(QPalette::Base);
    setLabelSizedFont(m_formula);

    m_readoutRow = new TextStrip;
    setLabelSizedFont(m_readoutRow);
    m_readoutRow->hide();
    m_controlsButton = new QToolButton;
    m_controlsButton->setObjectName(QStringLiteral("controlsButton"));
    m_controlsButton->setCheckable(true);
    m_controlsButton->setAutoRaise(true);
    setLabelSizedFont(m_controlsButton);
    m_controlsButton->hide();
    connect(m_controlsButton, &QToolButton::toggled, this, &Panel::setControlsShown);
    m_pageButtons = new QButtonGroup(this);
    m_pageButtons->setExclusive(true);
    connect(m_pageButtons, &QButtonGroup::idClicked, this, &Panel::showPresentationPage);
    // Under the charts in presentation mode: the buttons, then the read-outs across the width.
    m_readoutLine = new WrappingRow;
    m_readoutLine->addWidget(m_controlsButton);

    m_content = new QVBoxLayout;
    m_content->addLayout(m_readoutLine);
    m_content->addWidget(m_readoutRow);
    m_content->addWidget(m_formula);

    auto* layout = new QHBoxLayout(this);
    m_controlsFrame = new QWidget;
    m_controlsFrame->setLayout(controlsColumn);
    updateControlsWidth();
    layout->addWidget(m_controlsFrame);
    layout->addLayout(m_content, 1);

    applyLook();
    connect(m_model, &ScenarioModel::changed, this, [this] {
        if (m_active) {
            refresh();
        } else {
            m_stale = true; // a slider drag on another tab must not redraw this one each step
        }
    });
    Panel::retranslate();
}

QString Panel::formulaText() const
{
    return m_formula->plainText();
}

QString Panel::problemText() const
{
    return m_problem->isVisibleTo(this) ? m_problem->text() : QString();
}

void Panel::retranslate()
{
    m_export->setText(tr("Export charts…"));
    m_export->setToolTip(tr("Save these charts as PNG, SVG or PDF, or their data as CSV."));
    m_formula->setAccessibleName(tr("Formula with the current numbers"));
    m_readoutRow->setAccessibleName(tr("Read-outs"));
    retranslateControlsButton();
    retranslatePageButtons();
    applyKeyTexts();
}

void Panel::retranslateControlsButton()
{
    m_controlsButton->setText(m_controlsButton->isChecked() ? tr("◂ Hide controls")
                                                            : tr("Controls ▸"));
    m_controlsButton->setToolTip(
        tr("Presentation mode and the Lesson guide give the charts the whole width; the controls "
           "fold away here."));
}

void Panel::setGuideOpen(bool open)
{
    m_guideOpen = open;
    applyLook();
}

void Panel::applyLook()
{
    const bool presentation = currentAppearance().presentation || m_guideOpen;
    if (presentation == m_presentation) {
        return;
    }
    m_presentation = presentation;
    // Everything this hides goes before anything it shows: showing a widget lays out its
    // ancestors up to the window at once, and a layout asking for more than the window has
    // widens the window, which Qt never narrows again. With the larger font and every page's
    // chart still side by side, that was up to 1500 px on a 1280-px projector.
    m_controlsFrame->setVisible(!presentation || m_controlsWanted);
    if (m_chartArea != nullptr && !m_pageButtons->buttons().isEmpty()) {
        m_chartArea->showPresentationPage(presentation ? m_page : -1);
    }
    m_controlsButton->setVisible(presentation);
    for (QAbstractButton* button : m_pageButtons->buttons()) {
        button->setVisible(presentation);
    }
    m_readoutRow->setVisible(presentation && !m_readoutValues.isEmpty());
    updateReadoutRow();
}

bool Panel::controlsShown() const
{
    return !m_controlsFrame->isHidden();
}

void Panel::setControlsShown(bool shown)
{
    if (!m_presentation) {
        return;
    }
    m_controlsWanted = shown;
    if (m_controlsButton->isChecked() != shown) {
        const QSignalBlocker block(m_controlsButton);
        m_controlsButton->setChecked(shown);
    }
    retranslateControlsButton();
    m_controlsFrame->setVisible(shown);
}

QString Panel::readoutRowText() const
{
    return m_readoutRow->isHidden() ? QString() : m_readoutRow->plainText();
}

namespace {
/// Characters up to which a presentation read-out is kept on one line.
constexpr qsizetype kUnbrokenReadoutLength = 40;
} // namespace

void Panel::updateReadoutRow()
{
    if (!m_presentation) {
        return; // laid out only where it is seen
    }
    QStringList items;
    for (qsizetype i = 0; i < m_readoutValues.size(); ++i) {
        if (m_readoutsOutOfRow.contains(i)) {
            continue;
        }
        QString name = m_readoutNames[i]->text().remove(QLatin1Char('&'));
        // A read-out never breaks inside ("4 h / 48 min" read as two numbers, "450 GB/ s",
        // "20 / 809 steps"): no-break spaces, and a word joiner after each slash. Qt's rich text
        // ignores white-space: nowrap on a span and reads the narrow no-break space that groups
        // digits as an ordinary space.
        // A value too long for half a line (a sentence: "checkpoint every 20 809 steps (1 step =
        // 173 ms); optimum: …") may break between its words, or Qt breaks it inside one.
        const auto unbroken = [](QString text) {
            const bool sentence = text.size() > kUnbrokenReadoutLength;
            text = text.toHtmlEscaped();
            if (!sentence) {
                text.replace(QLatin1Char(' '), QChar(QChar::Nbsp))
                    .replace(QLatin1Char('/'), QStringLiteral("/\u2060"));
            }
            return text.replace(QChar(0x202F), QChar(QChar::Nbsp));
        };
        items << unbroken(name) + QChar(QChar::Nbsp) + QStringLiteral("<b>") +
                     unbroken(m_readoutValues[i]->text()) + QStringLiteral("</b>");
    }
    // Wide gaps between the pairs: a row that wraps still reads as pairs, never as one list.
    m_readoutRow->setHtml(items.join(QStringLiteral(" &nbsp; &nbsp; ")));
}

void Panel::setChartArea(ChartArea* area)
{
    m_chartArea = area;
    m_content->insertWidget(0, area, 1);
    const auto pages = area->presentationPages().size();
    for (int i = 0; pages > 1 && i < pages; ++i) {
        auto* button = new QToolButton;
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setChecked(i == m_page);
        setLabelSizedFont(button, true);
        button->setVisible(m_presentation);
        m_pageButtons->addButton(button, i);
        m_readoutLine->insertWidget(1 + i, button);
    }
    retranslatePageButtons();
    if (m_presentation && pages > 1) {
        area->showPresentationPage(m_page);
    }
}

void Panel::retranslatePageButtons()
{
    if (m_chartArea == nullptr) {
        return;
    }
    const QStringList names = m_chartArea->presentationPages();
    for (QAbstractButton* button : m_pageButtons->buttons()) {
        button->setText(names.value(m_pageButtons->id(button)));
    }
}

void Panel::showPresentationPage(int index)
{
    if (m_chartArea == nullptr || index < 0 || index >= m_pageButtons->buttons().size()) {
        return;
    }
    m_page = index;
    if (QAbstractButton* button = m_pageButtons->button(index); !button->isChecked()) {
        button->setChecked(true);
    }
    if (m_presentation) {
        m_chartArea->showPresentationPage(index);
    }
}

void Panel::setFormula(const QString& html)
{
    m_formula->setHtml(html);
    m_formula->setAccessibleDescription(m_formula->plainText());
}

void Panel::showProblem(const QString& message)
{
    m_problem->setText(message);
    m_problem->setToolTip(QString());
    m_problem->setVisible(!message.isEmpty());
}

void Panel::showProblem(const simcore::ScenarioError& problem)
{
    showProblem(describeProblem(problem));
    m_problem->setToolTip(problemKeysTip(problem));
}

void Panel::showModelProblem(const simcore::ScenarioError* problem)
{
    showModelProblem(problem ? describeProblem(*problem) : QString());
    if (problem) {
        m_problem->setToolTip(problemKeysTip(*problem));
    }
}

void Panel::showModelProblem(const QString& message)
{
    if (!message.isEmpty()) {
        showProblem(message);
        m_showingModelProblem = true;
    } else if (m_showingModelProblem) {
        showProblem(QString());
        m_showingModelProblem = false;
    }
}

void Panel::addReadouts(QFormLayout* form, int count, ReadoutSize size, bool wrapValues)
{
    for (int i = 0; i < count; ++i) {
        auto* name = new QLabel;
        auto* value = new QLabel;
        if (size == ReadoutSize::Headline) {
            setLabelSizedFont(value, true);
        } else {
            setRelativeFont(value, 1.0, true);
        }
        value->setWordWrap(wrapValues);
        // Not selectable: a selectable label lays its text out as a whole document for every
        // size hint, which was the largest single cost of a slider step after the charts. The
        // right-click menu copies instead, with the read-out's name.
        value->setContextMenuPolicy(Qt::ActionsContextMenu);
        auto* copyOne = new QAction(value);
        connect(copyOne, &QAction::triggered, this, [this, index = m_readoutValues.size()] {
            QGuiApplication::clipboard()->setText(readoutLine(index));
        });
        auto* copyAll = new QAction(value);
        connect(copyAll, &QAction::triggered, this,
                [this] { QGuiApplication::clipboard()->setText(readoutLines()); });
        value->addAction(copyOne);
        value->addAction(copyAll);
        m_readoutCopyActions << copyOne << copyAll;
        name->setBuddy(value);
        name->setWordWrap(wrapValues);
        m_readoutNames << name;
        m_readoutValues << value;
        form->addRow(name, value);
    }
    m_readoutRow->setVisible(m_presentation && !m_readoutValues.isEmpty());
}

void Panel::setReadouts(const QList<Readout>& rows)
{
    m_readoutRows = rows;
    QStringList names;
    QStringList tips;
    for (const Readout& row : rows) {
        names << row.label;
        tips << row.tip;
    }
    for (qsizetype i = 0; i < m_readoutNames.size(); ++i) {
        m_readoutNames[i]->setText(names.value(i));
        m_readoutNames[i]->setToolTip(tips.value(i));
        m_readoutValues[i]->setToolTip(tips.value(i));
    }
    for (qsizetype i = 0; i + 1 < m_readoutCopyActions.size(); i += 2) {
        m_readoutCopyActions[i]->setText(tr("&Copy"));
        m_readoutCopyActions[i + 1]->setText(tr("Copy &all read-outs"));
    }
    updateReadoutRow();
}

void Panel::setReadoutInRow(qsizetype index, bool inRow)
{
    if (m_readoutsOutOfRow.contains(index) != inRow) {
        return;
    }
    if (inRow) {
        m_readoutsOutOfRow.removeAll(index);
    } else {
        m_readoutsOutOfRow << index;
    }
    updateReadoutRow();
}

QString Panel::readoutText(const Readout& row, std::span<const simcore::Quantity> quantities)
{
    QString text = row.pattern.isEmpty() ? QStringLiteral("%1") : row.pattern;
    QStringList values;
    for (const QString& id : row.quantities) {
        const simcore::Quantity* quantity = simcore::findQuantity(quantities, id.toStdString());
        if (!quantity ||
            (quantity->unit != simcore::Unit::Word && !std::isfinite(quantity->value))) {
            return QStringLiteral("—");
        }
        if (quantity->unit == simcore::Unit::Word && simcore::findKey(quantity->word) != nullptr) {
            // A word that names a scenario key (what limits N) is read as its control's label.
            values << accessibleLabel(keyText(QString::fromStdString(quantity->word)).label);
            continue;
        }
        values << common::formatQuantity(*quantity);
    }
    for (const QString& value : values) {
        text = text.arg(value);
    }
    return text;
}

void Panel::showReadouts(const simcore::Report& report)
{
    for (qsizetype i = 0; i < m_readoutRows.size(); ++i) {
        setReadout(static_cast<int>(i), report.ok()
                                            ? readoutText(m_readoutRows[i], report.quantities)
                                            : QStringLiteral("—"));
    }
    updateReadoutRow();
}

void Panel::setReadout(int index, const QString& text)
{
    QLabel* value = m_readoutValues.value(index);
    if (value && value->text() != text) {
        value->setText(text);
    }
}

QString Panel::readoutLine(qsizetype index) const
{
    return m_readoutNames[index]->text().remove(QLatin1Char('&')) + QLatin1Char(' ') +
           m_readoutValues[index]->text();
}

QString Panel::readoutLines() const
{
    QStringList lines;
    for (qsizetype i = 0; i < m_readoutValues.size(); ++i) {
        lines << readoutLine(i);
    }
    return lines.join(QLatin1Char('\n'));
}

QStringList Panel::readouts() const
{
    QStringList texts;
    for (auto* value : m_readoutValues) {
        texts << value->text();
    }
    return texts;
}

bool Panel::applyNumber(const QString& key, double value)
{
    // Cleared first: the redraw this edit triggers may report a problem between keys itself.
    showProblem(QString());
    if (auto error = m_model->setNumber(key, value)) {
        showProblem(*error);
        return false;
    }
    return true;
}

bool Panel::applyValue(const QString& key, const QString& text)
{
    showProblem(QString());
    if (auto error = m_model->setValue(key, text)) {
        showProblem(*error);
        return false;
    }
    return true;
}

QFormLayout* Panel::addControlGroup(QGroupBox*& group)
{
    group = new QGroupBox;
    group->setFlat(true); // see ScalingPanel: a framed group repaints its border each edit
    auto* form = new QFormLayout(group);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    controlsLayout()->addWidget(group);
    return form;
}

namespace {

constexpr const char* kFoldingTitle = "dtsimFoldingTitle";
constexpr const char* kFoldingOpen = "dtsimFoldingOpen";

} // namespace

QFormLayout* Panel::addFoldingGroup(QToolButton*& header, bool open)
{
    auto* group = new QWidget;
    auto* column = new QVBoxLayout(group);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    // Not a checkable button: a checked one is drawn pressed, unlike a group's title.
    header = new QToolButton;
    header->setAutoRaise(true);
    header->setToolButtonStyle(Qt::ToolButtonTextOnly);
    header->setProperty(kFoldingOpen, open);
    auto* rows = new QWidget;
    auto* form = new QFormLayout(rows);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    rows->setVisible(open);
    column->addWidget(header);
    column->addWidget(rows);
    QToolButton* button = header;
    connect(header, &QToolButton::clicked, this, [button, rows] {
        const bool shown = !button->property(kFoldingOpen).toBool();
        button->setProperty(kFoldingOpen, shown);
        rows->setVisible(shown);
        setFoldingTitle(button, button->property(kFoldingTitle).toString());
    });
    controlsLayout()->addWidget(group);
    return form;
}

bool Panel::isFoldingOpen(const QToolButton* header)
{
    return header->property(kFoldingOpen).toBool();
}

void Panel::setFoldingTitle(QToolButton* header, const QString& title)
{
    header->setProperty(kFoldingTitle, title);
    header->setText((isFoldingOpen(header) ? QStringLiteral("▾ ") : QStringLiteral("▸ ")) + title);
    header->setAccessibleName(title);
}

QComboBox* Panel::addModelPresetRow(QFormLayout* form)
{
    QComboBox* box = newChoiceBox();
    for (const auto& preset : simcore::modelPresets()) {
        box->addItem(
            QString::fromUtf8(preset.name.data(), static_cast<qsizetype>(preset.name.size())),
            QString::fromUtf8(preset.id.data(), static_cast<qsizetype>(preset.id.size())));
    }
    box->addItem(QString(), QString()); // "Custom", named in retranslate
    connect(box, &QComboBox::activated, this, [this, box](int index) {
        const auto* preset =
            simcore::findModelPreset(box->itemData(index).toString().toStdString());
        if (!preset) {
            return; // "Custom": keep the current numbers, edit them below
        }
        // One change for the whole shape, so the panels redraw once.
        simcore::Scenario scenario = model()->scenario();
        scenario.model = preset->model;
        model()->setScenario(scenario);
    });
    addLabelledRow(form, box);
    return box;
}

void Panel::showModelPreset(QComboBox* box, const simcore::ModelSpec& model)
{
    const QSignalBlocker block(box);
    int index = box->count() - 1;
    for (int i = 0; i < box->count() - 1; ++i) {
        const auto* preset = simcore::findModelPreset(box->itemData(i).toString().toStdString());
        if (preset && preset->model == model) {
            index = i;
        }
    }
    box->setCurrentIndex(index);
}

QComboBox* Panel::newChoiceBox()
{
    auto* box = new QComboBox;
    takeWheelOnlyWhenFocused(box);
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(12);
    return box;
}

QComboBox* Panel::addChoiceBox(const QString& key)
{
    auto* box = newChoiceBox();
    const auto* info = simcore::findKey(key.toStdString());
    if (info && info->type == simcore::KeyType::Choice) {
        for (const auto word : info->choices) {
            const QString text =
                QString::fromUtf8(word.data(), static_cast<qsizetype>(word.size()));
            box->addItem(text, text);
        }
    } else {
        // A whole-number key offered as a list: its values 0, 1, … as the key table names them.
        for (qsizetype value = 0; value < keyText(key).choices.size(); ++value) {
            box->addItem(QString::number(value), QString::number(value));
        }
    }
    connect(box, &QComboBox::activated, this,
            [this, box, key](int index) { applyValue(key, box->itemData(index).toString()); });
    m_choiceBoxes << box;
    m_editors.insert(key, box);
    applyKeyText(key);
    return box;
}

QComboBox* Panel::choiceBox(const QString& key) const
{
    return qobject_cast<QComboBox*>(m_editors.value(key));
}

QWidget* Panel::addFormRow(QFormLayout* form, const QString& key)
{
    const auto* info = simcore::findKey(key.toStdString());
    const bool choice =
        (info && info->type == simcore::KeyType::Choice) || !keyText(key).choices.isEmpty();
    QWidget* editor = choice ? static_cast<QWidget*>(addChoiceBox(key))
                             : static_cast<QWidget*>(addNumberField(key));
    addLabelledRow(form, editor);
    applyKeyText(key);
    return editor;
}

void Panel::bindKeyText(const QString& key, QWidget* editor, QLabel* label)
{
    m_editors.insert(key, editor);
    if (label) {
        m_keyLabels.insert(key, label);
        label->setBuddy(editor);
    }
    applyKeyText(key);
}

void Panel::applyKeyTexts()
{
    for (auto it = m_editors.cbegin(); it != m_editors.cend(); ++it) {
        applyKeyText(it.key());
    }
}

void Panel::applyKeyText(const QString& key)
{
    QWidget* editor = m_editors.value(key);
    if (!editor) {
        return;
    }
    const KeyText text = keyText(key);
    editor->setToolTip(text.tip);
    editor->setAccessibleName(accessibleLabel(text.label));
    editor->setAccessibleDescription(text.tip);
    if (QLabel* label = m_rowLabels.value(editor)) {
        setRowLabel(editor, text.label);
        label->setToolTip(text.tip);
    } else if (QLabel* bound = m_keyLabels.value(key)) {
        bound->setText(text.label);
        bound->setToolTip(text.tip);
    } else if (auto* button = qobject_cast<QAbstractButton*>(editor)) {
        button->setText(text.label);
    }
    if (auto* number = qobject_cast<NumberField*>(editor)) {
        number->setSuffix(text.suffix);
        number->setSpecialText(text.special);
    }
    if (auto* box = qobject_cast<QComboBox*>(editor)) {
        for (int i = 0; i < box->count() && i < text.choices.size(); ++i) {
            box->setItemText(i, text.choices[i]);
        }
    }
}

void Panel::addLabelledRow(QFormLayout* form, QWidget* editor)
{
    auto* label = new QLabel;
    label->setBuddy(editor);
    label->setWordWrap(true);
    m_rowLabels.insert(editor, label);
    form->addRow(label, editor);
}

void Panel::setRowLabel(QWidget* editor, const QString& text)
{
    QLabel* label = m_rowLabels.value(editor);
    if (!label) {
        return;
    }
    // A long label is broken onto two lines at the space nearest its middle, by hand: a
    // word-wrapped label in a QFormLayout may get less width than its first line and lose its
    // second line off the bottom, since the row's height is decided before the label's width.
    // Counted in characters, not measured: measuring laid out every label of the panel while the
    // window was starting.
    QString plain = text;
    plain.remove(QLatin1Char('&'));
    QString shown = text;
    if (plain.size() > 24) {
        const qsizetype middle = shown.size() / 2;
        qsizetype best = -1;
        for (qsizetype i = shown.indexOf(QLatin1Char(' ')); i >= 0;
             i = shown.indexOf(QLatin1Char(' '), i + 1)) {
            if (best < 0 || std::abs(i - middle) < std::abs(best - middle)) {
                best = i;
            }
        }
        if (best > 0) {
            shown[best] = QLatin1Char('\n');
        }
    }
    label->setWordWrap(false);
    label->setText(shown);
}

void Panel::setActive(bool active)
{
    m_active = active;
    if (m_active && m_stale) {
        m_stale = false;
        refresh();
    }
}

NumberField* Panel::addNumberField(const QString& key)
{
    const KeyText text = keyText(key);
    auto* field = new NumberField(key, text.factor, text.decimals);
    takeWheelOnlyWhenFocused(field);
    connect(field, &NumberField::edited, this,
            [this, field](double value) { applyNumber(field->key(), value); });
    connect(field, &NumberField::problem, this, qOverload<const QString&>(&Panel::showProblem));
    m_fields << field;
    m_editors.insert(key, field);
    applyKeyText(key);
    return field;
}

NumberField* Panel::field(const QString& key) const
{
    return qobject_cast<NumberField*>(m_editors.value(key));
}

void Panel::showFieldValues()
{
    const auto& scenario = m_model->scenario();
    for (auto* field : std::as_const(m_fields)) {
        if (const auto* info = simcore::findKey(field->key().toStdString())) {
            field->showValue(info->getNumber(scenario));
        }
    }
    for (auto it = m_editors.cbegin(); it != m_editors.cend(); ++it) {
        auto* box = qobject_cast<QComboBox*>(it.value());
        const auto* info = simcore::findKey(it.key().toStdString());
        if (!box || !info) {
            continue;
        }
        const int index =
            box->findData(QString::fromStdString(simcore::valueText(scenario, *info)));
        if (index != box->currentIndex()) {
            const QSignalBlocker blocker(box);
            box->setCurrentIndex(index);
        }
    }
}

void Panel::updateControlsWidth()
{
    // A fixed width: read-outs change text on every slider step, and a column that followed
    // them would resize the charts beside it, which makes Qt Charts lay out every axis again.
    // Wide enough for 52 letters "n" of the current font, about 52 characters of text
    // (presentation mode grows it). A font's own average width (its OS/2 table) is a designer's
    // figure that fonts state differently.
    m_controlsFrame->setFixedWidth(
        m_controlsFrame->fontMetrics().horizontalAdvance(QString(52, QLatin1Char('n'))));
}

void Panel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        updateControlsWidth();
    }
    if (event->type() == QEvent::LanguageChange) {
        chartstyle::applyAxisLocale(this);
        retranslate();
        refresh();
    }
    QWidget::changeEvent(event);
}

} // namespace dtsim::ui
