// Preloaded with `node -r` to run ipctl as on Node 21.x and 22.0–22.2, which have no process.getBuiltinModule.
delete process.getBuiltinModule;
