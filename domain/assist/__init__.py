"""The assistant at the table (issue 32): help from public information only. Pure: no I/O,
no clock, no randomness but a passed, seeded one."""
