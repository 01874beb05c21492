#include "simcore/reports/record.h"

#include <algorithm>

namespace simcore {

List textList(const std::vector<std::string>& texts)
{
    return List(texts.begin(), texts.end());
}

const Value* findField(const Record& record, std::string_view id)
{
    // The last one wins, as it does in JSON.
    const auto found = std::find_if(record.rbegin(), record.rend(),
                                    [id](const Field& field) { return field.id == id; });
    return found == record.rend() ? nullptr : &found->value;
}

} // namespace simcore
