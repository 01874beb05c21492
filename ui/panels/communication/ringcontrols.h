#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace dtsim::ui {

class RingPlayback;

/// Play / pause, step, back, reset and speed for a RingPlayback: only in the window (exports
/// draw the ring alone). No N of its own: the ring has the panel's collective.workers GPUs, so
/// the animation, the read-outs and the formula never disagree.
class RingControls : public QWidget {
    Q_OBJECT
public:
    explicit RingControls(RingPlayback* playback, QWidget* parent = nullptr);

    [[nodiscard]] QPushButton* playButton() const { return m_play; }
    [[nodiscard]] QPushButton* stepButton() const { return m_step; }
    [[nodiscard]] QPushButton* backButton() const { return m_back; }
    [[nodiscard]] QPushButton* resetButton() const { return m_reset; }
    [[nodiscard]] QComboBox* speedBox() const { return m_speed; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateButtons();

    RingPlayback* m_playback;
    QPushButton* m_reset = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_play = nullptr;
    QPushButton* m_step = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_speedLabel = nullptr;
    bool m_showingPause = false; ///< which icon the play button shows
};

} // namespace dtsim::ui
