#pragma once

#include <QSpinBox>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace dtsim::ui {

class RingPlayback;

/// N for the ring animation: 2…16, and a typed value outside that range is kept as text and
/// reported through `problem` (never clamped silently), as NumberField does.
class RingWorkersBox : public QSpinBox {
    Q_OBJECT
public:
    explicit RingWorkersBox(QWidget* parent = nullptr);
    [[nodiscard]] QLineEdit* editor() const { return lineEdit(); }

signals:
    /// A translated message for an out-of-range entry, or an empty string when it is fine.
    void problem(const QString& message);

protected:
    QValidator::State validate(QString& input, int& position) const override;

private:
    void checkTypedText(const QString& text);
};

/// Play / pause, step, back, reset, speed and N for a RingPlayback: only in the window (exports
/// draw the ring alone).
class RingControls : public QWidget {
    Q_OBJECT
public:
    explicit RingControls(RingPlayback* playback, QWidget* parent = nullptr);

    [[nodiscard]] QPushButton* playButton() const { return m_play; }
    [[nodiscard]] QPushButton* stepButton() const { return m_step; }
    [[nodiscard]] QPushButton* backButton() const { return m_back; }
    [[nodiscard]] QPushButton* resetButton() const { return m_reset; }
    [[nodiscard]] QComboBox* speedBox() const { return m_speed; }
    [[nodiscard]] RingWorkersBox* workersBox() const { return m_workers; }

signals:
    void problem(const QString& message);

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
    RingWorkersBox* m_workers = nullptr;
    QLabel* m_speedLabel = nullptr;
    QLabel* m_workersLabel = nullptr;
    bool m_showingPause = false; ///< which icon the play button shows
};

} // namespace dtsim::ui
