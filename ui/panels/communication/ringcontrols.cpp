#include "ui/panels/communication/ringcontrols.h"

#include "ui/kit/wheelguard.h"
#include "ui/panels/communication/ringplayback.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStyle>

namespace dtsim::ui {

RingWorkersBox::RingWorkersBox(QWidget* parent) : QSpinBox(parent)
{
    setRange(RingPlayback::kMinWorkers, RingPlayback::kMaxWorkers);
    setValue(RingPlayback::kDefaultWorkers);
    setKeyboardTracking(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    connect(lineEdit(), &QLineEdit::textEdited, this, &RingWorkersBox::checkTypedText);
    connect(this, &QSpinBox::valueChanged, this, [this] { emit problem(QString()); });
}

QValidator::State RingWorkersBox::validate(QString& input, int& position) const
{
    const QValidator::State state = QSpinBox::validate(input, position);
    if (state != QValidator::Invalid) {
        return state;
    }
    // A whole number outside 2…16 stays in the box with a message, instead of the keystroke
    // vanishing.
    bool isNumber = false;
    locale().toInt(input.trimmed(), &isNumber);
    return isNumber ? QValidator::Intermediate : QValidator::Invalid;
}

void RingWorkersBox::checkTypedText(const QString& text)
{
    bool isNumber = false;
    const int typed = locale().toInt(text.trimmed(), &isNumber);
    if (!isNumber || (typed >= minimum() && typed <= maximum())) {
        emit problem(QString());
        return;
    }
    emit problem(tr("Ring animation N: %1 is out of range; allowed: %2 to %3 GPUs. The value "
                    "was not changed.")
                     .arg(typed)
                     .arg(minimum())
                     .arg(maximum()));
}

// --- RingControls --------------------------------------------------------------------------

RingControls::RingControls(RingPlayback* playback, QWidget* parent)
    : QWidget(parent), m_playback(playback)
{
    m_reset = new QPushButton;
    m_reset->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_back = new QPushButton;
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_play = new QPushButton;
    m_step = new QPushButton;
    m_step->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_speed = new QComboBox;
    takeWheelOnlyWhenFocused(m_speed);
    for (const double speed : {0.25, 0.5, 1.0, 2.0, 4.0}) {
        m_speed->addItem(QString(), speed);
    }
    m_speed->setCurrentIndex(2);
    m_speedLabel = new QLabel;
    m_speedLabel->setBuddy(m_speed);
    m_workers = new RingWorkersBox;
    m_workers->setValue(playback->workers());
    m_workersLabel = new QLabel;
    m_workersLabel->setBuddy(m_workers);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*>{m_reset, m_back, m_play, m_step}) {
        layout->addWidget(w);
    }
    layout->addStretch(1);
    layout->addWidget(m_speedLabel);
    layout->addWidget(m_speed);
    layout->addSpacing(12);
    layout->addWidget(m_workersLabel);
    layout->addWidget(m_workers);

    connect(m_reset, &QPushButton::clicked, playback, &RingPlayback::reset);
    connect(m_back, &QPushButton::clicked, playback, &RingPlayback::stepBack);
    connect(m_play, &QPushButton::clicked, playback, &RingPlayback::togglePlay);
    connect(m_step, &QPushButton::clicked, playback, &RingPlayback::stepForward);
    connect(m_speed, &QComboBox::activated, this,
            [this](int index) { m_playback->setSpeed(m_speed->itemData(index).toDouble()); });
    // The box's range is the playback's: a value it emits is always taken.
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int n) {
        m_playback->setWorkers(n);
        emit problem(QString());
    });
    connect(m_workers, &RingWorkersBox::problem, this, &RingControls::problem);
    connect(playback, &RingPlayback::stateChanged, this, &RingControls::updateButtons);
    retranslate();
    updateButtons();
}

void RingControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    } else if (event->type() == QEvent::StyleChange) {
        m_play->setIcon(QIcon()); // the new style's icon on the next update
        updateButtons();
    }
    QWidget::changeEvent(event);
}

void RingControls::retranslate()
{
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("Back to the start: every GPU holds its own gradient again."));
    m_back->setText(tr("Back"));
    m_back->setToolTip(tr("Go back one step, to what every GPU held before the last sends."));
    m_step->setText(tr("S&tep"));
    m_step->setToolTip(tr("Do one step: every GPU sends one chunk to its right-hand neighbour at "
                          "the same time."));
    m_play->setToolTip(tr("Play the steps one after another, or pause. Play at the end starts "
                          "again from the beginning."));
    m_speedLabel->setText(tr("&Speed:"));
    const QStringList speeds = {tr("0.25×"), tr("0.5×"), tr("1×"), tr("2×"), tr("4×")};
    for (int i = 0; i < m_speed->count(); ++i) {
        m_speed->setItemText(i, speeds.value(i));
    }
    m_speed->setToolTip(tr("How fast Play goes: at 1× one step every %1 s.")
                            .arg(QLocale().toString(RingPlayback::kBaseIntervalMs / 1000.0)));
    m_workersLabel->setText(tr("GPUs in the &ring:"));
    const QString workersTip =
        tr("How many GPUs the animation shows, 2 to 16. This is the animation's own N: the charts "
           "use collective.workers, which can be a million, but 16 GPUs × 16 numbers is as much as "
           "a projected table can show.");
    m_workers->setToolTip(workersTip);
    m_workersLabel->setToolTip(workersTip);
    m_workers->setAccessibleName(tr("GPUs in the animated ring"));
    updateButtons();
}

void RingControls::updateButtons()
{
    const bool playing = m_playback->isPlaying();
    m_play->setText(playing ? tr("&Pause") : tr("&Play"));
    // Every step reports its state: a new icon each time re-laid the row out for nothing.
    if (playing != m_showingPause || m_play->icon().isNull()) {
        m_showingPause = playing;
        m_play->setIcon(
            style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    }
    m_back->setEnabled(m_playback->stepIndex() > 0);
    m_step->setEnabled(!m_playback->atEnd());
    if (m_workers->value() != m_playback->workers()) {
        const QSignalBlocker block(m_workers);
        m_workers->setValue(m_playback->workers());
    }
}

} // namespace dtsim::ui
