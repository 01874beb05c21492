// The Topology diagram's layout without a widget (ui/panels/topology/topologylayout.h): for a
// range of wirings, sizes and both languages, everything is inside the diagram, no two labels
// overlap, no label covers a GPU box or a node part, and every single-line label fits its
// rectangle in the font it is drawn in. What is laid out is what the report says (the ring's
// hops, the bottleneck's halo, the pair table of an imported node).
#include "common/language.h"
#include "layoutchecks.h"
#include "simcore/reports/topologyreport.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/keytexts.h"
#include "ui/panels/topology/topologydiagram.h"
#include "ui/panels/topology/topologylayout.h"

#include <QFontMetricsF>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

struct BackToEnglish {
    ~BackToEnglish() { dtsim::common::setLanguage(QStringLiteral("en")); }
};

simcore::Scenario with(std::initializer_list<const char*> sets)
{
    simcore::Scenario scenario;
    for (const char* set : sets) {
        INFO(set);
        REQUIRE_FALSE(simcore::applyAssignment(scenario, set));
    }
    return scenario;
}

const char* const kTwoSockets =
    "topology.node=PIX NODE NODE SYS SYS SYS SYS NODE NODE SYS SYS SYS SYS PIX SYS SYS SYS SYS "
    "SYS SYS SYS SYS PIX NODE NODE NODE NODE PIX";

std::vector<std::pair<const char*, simcore::Scenario>> wirings()
{
    return {
        {"defaults", {}},
        {"mis-wired", with({"topology.preset=miswired"})},
        {"workstation", with({"topology.preset=pcie-workstation", "collective.workers=4"})},
        {"two nodes, ring", with({"collective.workers=16"})},
        {"four nodes, hierarchical",
         with({"collective.workers=32", "collective.algorithm=hierarchical"})},
        {"half a node more, hierarchical",
         with({"collective.workers=20", "collective.algorithm=hierarchical"})},
        {"ten nodes", with({"topology.preset=scenario", "collective.workers=80"})},
        {"32 GPUs per node",
         with({"topology.preset=scenario", "hardware.gpus_per_node=32", "collective.workers=64"})},
        {"imported, two sockets",
         with({"topology.preset=imported", kTwoSockets, "hardware.gpus_per_node=8",
               "topology.node_nics=2", "collective.workers=16"})},
        {"one GPU", with({"collective.workers=1"})},
        {"a problem", with({"collective.workers=33"})},
    };
}

using testing::describe;
using testing::overlap;

/// `inner` lies within `outer` (testing::inside, outer first as the checks read).
bool inside(const QRectF& outer, const QRectF& inner)
{
    return testing::inside(inner, outer);
}

/// The label's text, as drawn in `font`, fits its rectangle's width.
bool fits(const PlacedText& label, const QFont& font)
{
    return QFontMetricsF(font).horizontalAdvance(label.text) <= label.rect.width() + 1;
}

void checkLayout(const TopologyLayout& layout, const simcore::TopologyReport& report)
{
    const QFont labelFont = chartstyle::labelFont();
    QFont bold = labelFont;
    bold.setBold(true);
    const QRectF bounds = layout.bounds;
    CHECK(inside(bounds, layout.title.rect));
    CHECK(fits(layout.title, chartstyle::titleFont()));
    if (!report.ok()) {
        CHECK_FALSE(layout.problem.text.isEmpty());
        CHECK(inside(bounds, layout.problem.rect));
        CHECK(layout.boxes.empty());
        return;
    }
    CHECK(layout.problem.text.isEmpty());

    // Every label, with the font it is drawn in.
    std::vector<std::pair<PlacedText, QFont>> labels;
    for (const auto& entry : layout.legend) {
        CHECK(inside(bounds, entry.sample));
        labels.push_back({entry.label, labelFont});
    }
    if (!layout.bottleneck.text.isEmpty()) {
        labels.push_back({layout.bottleneck, bold});
    }
    for (const auto& frame : layout.nodes) {
        CHECK(inside(bounds, frame.rect));
        if (frame.node >= 0) {
            CHECK(inside(frame.rect, frame.caption.rect));
            labels.push_back({frame.caption, labelFont});
        }
    }
    for (const auto& chip : layout.chips) {
        labels.push_back({chip.label, labelFont});
    }
    if (!layout.fabric.isEmpty()) {
        CHECK(inside(bounds, layout.fabric));
        CHECK(inside(layout.fabric, layout.fabricText.rect));
        labels.push_back({layout.fabricText, labelFont});
    }
    for (const auto& hop : layout.hops) {
        if (!hop.label.rect.isEmpty()) {
            labels.push_back({hop.label, labelFont});
        }
        CHECK(inside(bounds, hop.path.boundingRect()));
    }
    if (layout.table) {
        CHECK(inside(bounds, layout.table->grid));
        labels.push_back({layout.table->title, bold});
        CHECK(inside(bounds, layout.table->key.rect));
        for (const auto& cell : layout.table->cells) {
            CHECK(inside(layout.table->grid, cell.rect));
        }
    }
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const auto& [label, font] = labels[i];
        INFO("label \"" << label.text.toStdString() << "\" at " << describe(label.rect));
        CHECK(inside(bounds, label.rect));
        CHECK(fits(label, font));
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            INFO("and \"" << labels[j].first.text.toStdString() << "\" at "
                          << describe(labels[j].first.rect));
            CHECK_FALSE(overlap(label.rect, labels[j].first.rect));
        }
        for (const auto& box : layout.boxes) {
            CHECK_FALSE(overlap(label.rect, box.rect));
        }
    }
    for (std::size_t i = 0; i < layout.boxes.size(); ++i) {
        const auto& box = layout.boxes[i];
        INFO("GPU " << box.gpu);
        CHECK(inside(bounds, box.rect));
        CHECK(fits(box.label, box.used ? bold : labelFont));
        for (std::size_t j = i + 1; j < layout.boxes.size(); ++j) {
            CHECK_FALSE(overlap(box.rect, layout.boxes[j].rect));
        }
        for (const auto& chip : layout.chips) {
            CHECK_FALSE(overlap(box.rect, chip.label.rect));
        }
    }
}

} // namespace

TEST_CASE("topology layout: inside the bounds, no overlapping labels, at every size and in both "
          "languages",
          "[ui][topology][layout]")
{
    BackToEnglish restore;
    const std::vector<QSizeF> sizes{{420, 300}, {640, 420}, {880, 600}, {1280, 720}, {1600, 900}};
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        for (const auto& [name, scenario] : wirings()) {
            const auto report = simcore::topologyReport(scenario);
            for (const QSizeF& size : sizes) {
                INFO(language << ", " << name << ", " << size.width() << " × " << size.height());
                const TopologyLayout layout =
                    layoutTopology(report, size, chartstyle::titleFont(), chartstyle::labelFont());
                CHECK(layout.bounds == QRectF(QPointF(0, 0), size));
                checkLayout(layout, report);
            }
        }
    }
}

TEST_CASE("topology layout: what is laid out is what the report says", "[ui][topology][layout]")
{
    const QSizeF size(880, 600);
    const auto lay = [&size](const simcore::TopologyReport& report) {
        return layoutTopology(report, size, chartstyle::titleFont(), chartstyle::labelFont());
    };
    // The mis-wired node: every GPU and every hop drawn, the halo on the bottleneck, a legend
    // entry per kind and bandwidth plus the halo's.
    const auto miswired = simcore::topologyReport(with({"topology.preset=miswired"}));
    const auto layout = lay(miswired);
    CHECK(layout.boxes.size() == 8);
    CHECK(layout.hops.size() == miswired.hops.size());
    REQUIRE(layout.highlighted);
    CHECK(miswired.hops[*layout.highlighted].bottleneck);
    CHECK(layout.legend.size() == miswired.linksUsed.size() + 1);
    CHECK(layout.legend.back().bottleneck);
    CHECK(layout.bottleneck.text == topologyBottleneckText(miswired));
    CHECK(layout.fabric.isEmpty()); // one node
    CHECK_FALSE(layout.table);
    // A pure function: the same report and size give the same layout.
    const auto again = lay(miswired);
    REQUIRE(again.boxes.size() == layout.boxes.size());
    for (std::size_t i = 0; i < layout.boxes.size(); ++i) {
        CHECK(again.boxes[i].rect == layout.boxes[i].rect);
    }

    // A balanced ring singles out nothing.
    const auto balanced = lay(simcore::topologyReport({}));
    CHECK_FALSE(balanced.highlighted);
    CHECK(balanced.legend.size() == 1);
    CHECK(balanced.nodes.size() == 4);

    // Ten nodes: the first three, a gap and the last; hierarchical draws position 0's ring only.
    const auto ten =
        simcore::topologyReport(with({"topology.preset=scenario", "collective.workers=80",
                                      "collective.algorithm=hierarchical"}));
    const auto tenLayout = lay(ten);
    REQUIRE(tenLayout.nodes.size() == 5);
    CHECK(tenLayout.nodes[3].node == -1);
    CHECK(tenLayout.nodes[4].node == 9);
    CHECK_FALSE(tenLayout.fabric.isEmpty());
    for (const auto& hop : tenLayout.hops) {
        CHECK(ten.hops[hop.hop].representative);
    }

    // 32 GPUs per node: 14 boxes, a gap, the last.
    const auto wide = lay(simcore::topologyReport(
        with({"topology.preset=scenario", "hardware.gpus_per_node=32", "collective.workers=32"})));
    CHECK(wide.boxes.size() == TopologyDiagram::kMaxShownGpus - 1);
    CHECK(wide.gpuGaps.size() == 1);

    // An imported node: a cell per pair, and the key under the grid.
    const auto imported = simcore::topologyReport(
        with({"topology.preset=imported", kTwoSockets, "hardware.gpus_per_node=8"}));
    const auto table = lay(imported).table;
    REQUIRE(table);
    CHECK(table->cells.size() == imported.pairs.size());
    CHECK(table->key.rect.top() > table->grid.bottom());
    // Too narrow for the table: the nodes take the width.
    CHECK_FALSE(
        layoutTopology(imported, QSizeF(500, 400), chartstyle::titleFont(), chartstyle::labelFont())
            .table);

    // A problem: the message instead of the drawing.
    const auto problem = lay(simcore::topologyReport(with({"collective.workers=33"})));
    CHECK(problem.problem.text.contains(labelOf("collective.workers")));
    CHECK(problem.nodes.empty());
}
