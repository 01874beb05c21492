# Fails when a user-visible string in common/, ui/ or app/ has no finished Vietnamese translation.
# Runs lupdate on a copy of the committed .ts (so new strings appear as unfinished) and lists
# every message that is unfinished or empty. Inputs: LUPDATE, SOURCE_DIR, TS_FILE, WORK_DIR.
set(copy "${WORK_DIR}/translation-check.ts")
file(COPY_FILE "${TS_FILE}" "${copy}")
execute_process(
    COMMAND "${LUPDATE}" -no-obsolete -locations none "${SOURCE_DIR}/common" "${SOURCE_DIR}/ui"
            "${SOURCE_DIR}/app"
            -ts "${copy}"
    RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${status}): ${errors}")
endif()
file(READ "${copy}" content)
string(REPLACE ";" "@semicolon@" content "${content}")
string(REPLACE "<message" ";<message" messages "${content}")
set(missing 0)
foreach(message IN LISTS messages)
    if(NOT message MATCHES "^<message")
        continue()
    endif()
    if(message MATCHES "type=\"unfinished\"" OR message MATCHES "<translation></translation>"
       OR message MATCHES "<translation/>")
        string(REGEX MATCH "<source>([^<]*)</source>" source "${message}")
        string(REPLACE "@semicolon@" ";" text "${CMAKE_MATCH_1}")
        message("untranslated: ${text}")
        math(EXPR missing "${missing} + 1")
    endif()
endforeach()
if(missing GREATER 0)
    message(FATAL_ERROR "${missing} string(s) have no finished translation in ${TS_FILE}. "
                        "Run: bash tools/update-translations.sh, then "
                        "translate them (Qt Linguist or the .ts file).")
endif()
message("every string has a finished translation")
