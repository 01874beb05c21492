#include "ui/panels/communication/ringcontrols.h"

#include "ui/kit/wheelguard.h"
#include "ui/panels/communication/ringplayback.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>

namespace dtsim::ui {

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

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*>{m_reset, m_back, m_play, m_step}) {
        layout->addWidget(w);
    }
    layout->addStretch(1);
    layout->addWidget(m_speedLabel);
    layout->addWidget(m_speed);

    connect(m_reset, &QPushButton::clicked, playback, &RingPlayback::reset);
    connect(m_back, &QPushButton::clicked, playback, &RingPlayback::stepBack);
    connect(m_play, &QPushButton::clicked, playback, &RingPlayback::togglePlay);
    connect(m_step, &QPushButton::clicked, playback, &RingPlayback::stepForward);
    connect(m_speed, &QComboBox::activated, this,
            [this](int index) { m_playback->setSpeed(m_speed->itemData(index).toDouble()); });
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
}

} // namespace dtsim::ui
