-- +goose Up
-- A history line names what it is about as it stood before the change (a workout's name and
-- date, a plan's name), and a change to a workout made on a later day than both its date and
-- the day it was entered counts how many days after its date it came (0 for none): the
-- trainer's audit finds a client's changes after the fact. The history projector's version 4
-- rebuilds the read model on deploy; until its swap, the rows below answer with none.
ALTER TABLE history_lines ADD COLUMN about TEXT NOT NULL DEFAULT '';
ALTER TABLE history_lines ADD COLUMN about_date TEXT NOT NULL DEFAULT '';
ALTER TABLE history_lines ADD COLUMN days_after INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE history_lines DROP COLUMN days_after;
ALTER TABLE history_lines DROP COLUMN about_date;
ALTER TABLE history_lines DROP COLUMN about;
UPDATE projection_checkpoints SET version = 0 WHERE name = 'history';
