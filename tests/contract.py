"""The engine-contract checker the games' tests import (``from contract import check_contract``).

It lives in the package, playground.core.contract, so that the soak (python -m playground.soak)
runs the very same checks; this module only keeps the tests' short import working.
"""

from playground.core.contract import (
    HISTORY_COLUMNS,
    ContractBroken,
    ContractReport,
    NotAnAction,
    check_chance_node,
    check_contract,
    check_finished,
    check_game,
    check_history,
    check_illegal_rejected,
    check_player_node,
    snapshot,
)

__all__ = [
    "HISTORY_COLUMNS",
    "ContractBroken",
    "ContractReport",
    "NotAnAction",
    "check_chance_node",
    "check_contract",
    "check_finished",
    "check_game",
    "check_history",
    "check_illegal_rejected",
    "check_player_node",
    "snapshot",
]
