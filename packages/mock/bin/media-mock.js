#!/usr/bin/env node
// Launcher committed beside the build, so package managers can link the bin before `dist/` exists.
import '../dist/cli.js';
