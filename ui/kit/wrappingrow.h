#pragma once
// A row of widgets that continues on the next line when the width runs out, like words: its
// minimum width is its widest item, so a row of page buttons never makes a window wider
// than the screen (presentation mode with the controls open). Items keep their size hints.

#include <QLayout>
#include <QList>

namespace dtsim::ui {

class WrappingRow : public QLayout {
public:
    explicit WrappingRow(int spacing = 6);
    ~WrappingRow() override;

    void addItem(QLayoutItem* item) override;
    [[nodiscard]] int count() const override;
    [[nodiscard]] QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    /// Puts `widget` at `index` (0 … count()).
    void insertWidget(int index, QWidget* widget);

    [[nodiscard]] Qt::Orientations expandingDirections() const override;
    [[nodiscard]] bool hasHeightForWidth() const override;
    [[nodiscard]] int heightForWidth(int width) const override;
    [[nodiscard]] QSize minimumSize() const override;
    [[nodiscard]] QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Places the visible items in `rect` (only measures when `apply` is false); the height used.
    int arrange(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> m_items;
};

} // namespace dtsim::ui
