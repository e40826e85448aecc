"""The house-rule presets, one YAML file each, installed as package data of gin_ref.configs."""
