#!/usr/bin/env node
import '../dist/electron/cli/main.js';
