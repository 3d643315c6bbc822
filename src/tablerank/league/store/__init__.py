"""SQL in and out, and no rules: the league's rows written and read in bulk, columns for the
compiled replays, the read snapshot, the cache of expensive reads, the backup file's form.

What a stored value means, and who may store it, is the services' to decide (`league.services`);
what a list's state is, the ratings' (`league.ratings`).
"""
