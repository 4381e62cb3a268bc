@echo off
rem `agents` in VS Code's integrated terminal on Windows: the CLI this extension carries, run on
rem the runtime of the VS Code that put this folder on the PATH (AGENTS_RUNTIME, with
rem ELECTRON_RUN_AS_NODE=1 as VS Code's own code.cmd does); without it, on the node on the PATH.
setlocal
if not defined AGENTS_RUNTIME goto node
set ELECTRON_RUN_AS_NODE=1
"%AGENTS_RUNTIME%" "%~dp0..\dist\cli.js" %*
exit /b %ERRORLEVEL%
:node
node "%~dp0..\dist\cli.js" %*
exit /b %ERRORLEVEL%
