// The window's tabs and export views are simcore's view table (views/views.h): the same ids, the
// tabs in its order, the views inside another tab without a tab of their own.
#include "simcore/views/views.h"
#include "ui/shell/panelregistry.h"

#include <catch2/catch.hpp>

using namespace dtsim::ui;

TEST_CASE("the panel registry holds exactly the view table's exported views", "[ui][views]")
{
    QStringList tableTabs;
    QStringList tableExported;
    for (const auto& entry : simcore::viewEntries()) {
        const QString id =
            QString::fromUtf8(entry.id.data(), static_cast<qsizetype>(entry.id.size()));
        if (entry.exported) {
            tableExported << id;
        }
        if (entry.tab) {
            REQUIRE(entry.exported); // a tab can always be exported
            tableTabs << id;
        }
    }
    QStringList registryTabs;
    QStringList registryIds;
    for (const auto& entry : panelEntries()) {
        INFO(entry.id.toStdString());
        registryIds << entry.id;
        CHECK(entry.createChartArea != nullptr);
        if (entry.createPanel) {
            registryTabs << entry.id;
        }
    }
    CHECK(registryTabs == tableTabs);
    registryIds.sort();
    tableExported.sort();
    CHECK(registryIds == tableExported);
}
