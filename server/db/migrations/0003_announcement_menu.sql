-- This migration wrote menu rows only. Menus, button rules and their grants are declared with their pages
-- (contract/menus.ts) and brought into the database at start-up (server/db/declared-menus.ts).
SELECT 1;
