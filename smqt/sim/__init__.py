"""Headless simulation of many games: tasks, the runner, statistics and reports."""
