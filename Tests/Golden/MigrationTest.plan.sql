-- Version 1 -> 2
-- Add column migration_test_table.version2 (cheap ALTER)
ALTER TABLE "migration_test_table" ADD COLUMN "version2" TEXT;

-- Version 2 -> 3
-- Add column migration_test_table.version3 (cheap ALTER)
ALTER TABLE "migration_test_table" ADD COLUMN "version3" TEXT;

