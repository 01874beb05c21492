#pragma once
// What a projected screen and a slide must both hold: every chart text whole (no "…" where Qt
// Charts ran out of room) and no two tick labels of one axis over each other.

#include "layoutchecks.h"
#include "ui/panels/scaling/scalingcharts.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHash>
#include <QTextDocument>
#include <QWidget>
#include <catch2/catch.hpp>

namespace testing {

/// A text Qt Charts shortened to fit: it ends in "..." (Qt's own) or "…". The Scaling chart's
/// break mark is a whole "…" of its own, not a shortened text.
inline bool shortened(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == dtsim::ui::ScalingCharts::breakMark()) {
        return false;
    }
    return trimmed.endsWith(QStringLiteral("...")) || trimmed.endsWith(QChar(0x2026));
}

/// Checks every shown chart in `panel`: no shortened title, axis title, tick label or legend
/// entry, and no two tick labels of one axis over each other.
inline void checkChartTexts(const char* language, const QString& id, QWidget* panel)
{
    for (QChartView* view : panel->findChildren<QChartView*>()) {
        if (!view->isVisible()) {
            continue;
        }
        QHash<QGraphicsItem*, QList<QGraphicsTextItem*>> labelsByAxis;
        for (QGraphicsItem* item : view->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (text == nullptr || !text->isVisible() || text->toPlainText().isEmpty()) {
                continue;
            }
            INFO(language << " " << id.toStdString() << ": \"" << text->toPlainText().toStdString()
                          << "\"");
            CHECK_FALSE(shortened(text->toPlainText()));
            labelsByAxis[text->parentItem()] << text;
        }
        for (const auto& labels : std::as_const(labelsByAxis)) {
            for (qsizetype i = 0; i < labels.size(); ++i) {
                for (qsizetype j = i + 1; j < labels.size(); ++j) {
                    // The glyphs, without the text items' document margins.
                    const qreal margin = labels[i]->document()->documentMargin();
                    const QRectF a =
                        labels[i]->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
                    const QRectF b =
                        labels[j]->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
                    INFO(language << " " << id.toStdString() << ": \""
                                  << labels[i]->toPlainText().toStdString() << "\" " << describe(a)
                                  << " and \"" << labels[j]->toPlainText().toStdString() << "\" "
                                  << describe(b));
                    CHECK_FALSE(overlap(a, b));
                }
            }
        }
    }
}

} // namespace testing
