"""The pairwise systems' replay compiled by numba over numpy columns: the loop (`loops`), its
loading (`loading`), the integers it reads (`codes`), the columns and their builders (`columns`,
`game_columns`, `order_columns`, `chosen_seats`) and the replay that fills its tables
(`replay`). Importing this package loads neither numpy nor numba; its modules do."""
