<#
.SYNOPSIS
Builds the Windows installer of Santa Monica: dist\smqt-<version>-windows-x64-setup.exe.

.DESCRIPTION
From a fresh virtual environment (packaging\build\venv) with smqt installed from the source
tree (not editable) and PyInstaller: draws the icon, freezes both apps into one folder
(dist\smqt\ with smqt.exe and smqt-editor.exe), smoke-tests that folder offscreen and compiles
packaging\windows\smqt.iss with Inno Setup 6 (ISCC.exe) into the installer.

Needs a 64-bit Python 3.11+ ("py -3.11" or python on the PATH), the network to PyPI and
Inno Setup 6.3+ (iscc on the PATH, or installed in its default folder). Run from anywhere:

    powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1

.PARAMETER Python
The Python that creates the build environment (default: $env:SMQT_PYTHON, else python).

.PARAMETER SkipSmoke
Do not run packaging\smoke.py on the frozen folder (also: $env:SMQT_SKIP_SMOKE = "1").

.PARAMETER SkipInstaller
Stop after the frozen folder (no Inno Setup needed).
#>
[CmdletBinding()]
param(
    [string]$Python = $(if ($env:SMQT_PYTHON) { $env:SMQT_PYTHON } else { "python" }),
    [switch]$SkipSmoke,
    [switch]$SkipInstaller
)

Set-StrictMode -Version Latest
$ErrorActionPreference = "Stop"

# Native programs do not stop the script when they fail: every call goes through this.
function Invoke-Checked {
    param([Parameter(Mandatory = $true)][string]$Program, [string[]]$Arguments = @())
    & $Program @Arguments
    if ($LASTEXITCODE -ne 0) {
        throw "'$Program $($Arguments -join ' ')' failed (exit code $LASTEXITCODE)"
    }
}

function Find-Iscc {
    $onPath = Get-Command iscc -ErrorAction SilentlyContinue
    if ($onPath) { return $onPath.Source }
    $candidates = @()
    foreach ($base in @(${env:ProgramFiles(x86)}, $env:ProgramFiles, "$env:LOCALAPPDATA\Programs")) {
        if ($base) { $candidates += Join-Path $base "Inno Setup 6\ISCC.exe" }
    }
    foreach ($candidate in $candidates) {
        if (Test-Path $candidate) { return $candidate }
    }
    throw ("Inno Setup 6 (ISCC.exe) is neither on the PATH nor in its default folder: " +
           "install it (winget install JRSoftware.InnoSetup, or choco install innosetup) " +
           "or run with -SkipInstaller")
}

$Root = (Resolve-Path (Join-Path $PSScriptRoot "..\..")).Path
$Build = Join-Path $Root "packaging\build"
$Dist = Join-Path $Root "dist"
$Venv = Join-Path $Build "venv"
$VenvPython = Join-Path $Venv "Scripts\python.exe"
if ($env:SMQT_SKIP_SMOKE -eq "1") { $SkipSmoke = $true }

New-Item -ItemType Directory -Force -Path $Build, $Dist | Out-Null
foreach ($old in @($Venv, (Join-Path $Build "work"), (Join-Path $Dist "smqt"))) {
    if (Test-Path $old) { Remove-Item -Recurse -Force $old }
}

Write-Host "== build environment: smqt with its cluster extra installed from the source (not editable), and PyInstaller"
Invoke-Checked $Python @("-m", "venv", $Venv)
Invoke-Checked $VenvPython @("-m", "pip", "install", "-q", "--upgrade", "pip")
Invoke-Checked $VenvPython @("-m", "pip", "install", "-q", ($Root + "[cluster]"), "pyinstaller>=6.3,<7")
$Version = (& $VenvPython -c "import smqt; print(smqt.__version__)" | Out-String).Trim()
if ($LASTEXITCODE -ne 0 -or -not $Version) { throw "could not read smqt.__version__" }

# Qt draws the icon and runs the smoke test without a screen
$env:QT_QPA_PLATFORM = "offscreen"

Write-Host "== icon"
Invoke-Checked $VenvPython @((Join-Path $Root "packaging\icon.py"), "--out", (Join-Path $Build "icon"))

Write-Host "== PyInstaller (smqt $Version)"
# from the build folder, so that nothing of the source tree shadows the installed package
Push-Location $Build
try {
    Invoke-Checked $VenvPython @("-m", "PyInstaller", (Join-Path $Root "packaging\smqt.spec"),
        "--noconfirm", "--log-level", "WARN", "--distpath", $Dist, "--workpath", (Join-Path $Build "work"))
} finally {
    Pop-Location
}
foreach ($exe in @("smqt.exe", "smqt-editor.exe")) {
    if (-not (Test-Path (Join-Path $Dist "smqt\$exe"))) { throw "PyInstaller made no dist\smqt\$exe" }
}

if (-not $SkipSmoke) {
    Write-Host "== smoke test"
    Invoke-Checked $VenvPython @((Join-Path $Root "packaging\smoke.py"), (Join-Path $Dist "smqt"))
}

if ($SkipInstaller) {
    Write-Host "dist\smqt is ready (no installer: -SkipInstaller)"
    exit 0
}

Write-Host "== installer (Inno Setup)"
$Iscc = Find-Iscc
Invoke-Checked $Iscc @("/DAppVersion=$Version", "/DDistDir=$Dist",
    "/DIconFile=$(Join-Path $Build 'icon\smqt.ico')", (Join-Path $PSScriptRoot "smqt.iss"))
$Setup = Join-Path $Dist "smqt-$Version-windows-x64-setup.exe"
if (-not (Test-Path $Setup)) { throw "Inno Setup made no $Setup" }
$Megabytes = [math]::Round((Get-Item $Setup).Length / (1024 * 1024))
Write-Host "$(Split-Path $Setup -Leaf): $Megabytes MB"
