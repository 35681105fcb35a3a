; Inno Setup 6 script: the Windows installer of Santa Monica (the table, smqt.exe, and the
; content editor, smqt-editor.exe), made from the folder PyInstaller builds with
; packaging/smqt.spec. packaging/windows/build.ps1 runs the whole chain; by hand, from the
; repository's root, once dist\smqt\ and packaging\build\icon\smqt.ico exist:
;
;     iscc /DAppVersion=0.2.0 packaging\windows\smqt.iss
;
; It writes dist\smqt-<version>-windows-x64-setup.exe. Preprocessor settings (/DName=value):
;   AppVersion  the version shown and put in the file name (build.ps1 passes smqt.__version__)
;   DistDir     the folder holding smqt\ and receiving the setup (default: dist at the root)
;   IconFile    the installer's icon (default: packaging\build\icon\smqt.ico)
;
; The setup asks whether to install for all users (Program Files, needs an administrator) or
; for the current user only (%LOCALAPPDATA%\Programs, no administrator): {autopf}, {group},
; {autodesktop} and the registry root HKA follow that choice. It is not signed: Windows
; SmartScreen warns about it ("More info" > "Run anyway") until it is.

#if PREPROCVER < EncodeVer(6, 3, 0, 0)
  #error Inno Setup 6.3 or newer is needed (for the x64compatible architecture)
#endif

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
; Relative paths are taken from this script's folder (packaging\windows).
#ifndef DistDir
  #define DistDir "..\..\dist"
#endif
#ifndef IconFile
  #define IconFile "..\build\icon\smqt.ico"
#endif

#define AppName "Santa Monica"
#define EditorName "Santa Monica content editor"
#define TableExe "smqt.exe"
#define EditorExe "smqt-editor.exe"
; the ProgID of saved games (.smqt)
#define SavedGameProgId "SantaMonica.SavedGame"

[Setup]
; AppId names this application to Windows (upgrades, uninstall entry): never change it.
AppId={{435DE141-01C3-407F-8111-61657AEA63F3}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Santa Monica developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; all users (admin) by default, the current user only if the person installing chooses so
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog
; the frozen apps are x64 binaries (they also run on Arm64 Windows 11 under emulation)
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Qt 6 needs Windows 10 1809 or newer
MinVersion=10.0.17763
ChangesAssociations=yes
UninstallDisplayName={#AppName}
UninstallDisplayIcon={app}\{#TableExe}
SetupIconFile={#IconFile}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
OutputDir={#DistDir}
OutputBaseFilename=smqt-{#AppVersion}-windows-x64-setup

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "fileassoc"; Description: "Open Santa Monica saved games (.smqt) with {#AppName}"; GroupDescription: "File types:"

[InstallDelete]
; An upgrade replaces the previous version's libraries as a whole: files that a new build no
; longer has must not linger beside it.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; the whole one-folder build: smqt.exe, smqt-editor.exe and the _internal folder they share
Source: "{#DistDir}\smqt\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#TableExe}"; Comment: "Play Santa Monica"
Name: "{group}\{#EditorName}"; Filename: "{app}\{#EditorExe}"; Comment: "Edit Santa Monica content packs"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#TableExe}"; Tasks: desktopicon

[Registry]
; .smqt saved games open in the table: smqt.exe "<file>". The entries go under
; HKLM\Software\Classes (all users) or HKCU\Software\Classes (current user), and the uninstaller
; takes them away again. Each key's "if empty" entry comes before its values so that the
; uninstaller, which works backwards, reaches it last.
Root: HKA; Subkey: "Software\Classes\.smqt"; Flags: uninsdeletekeyifempty; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\.smqt"; ValueType: string; ValueName: ""; ValueData: "{#SavedGameProgId}"; Flags: uninsdeletevalue; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\.smqt\OpenWithProgids"; Flags: uninsdeletekeyifempty; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\.smqt\OpenWithProgids"; ValueType: string; ValueName: "{#SavedGameProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\{#SavedGameProgId}"; ValueType: string; ValueName: ""; ValueData: "Santa Monica saved game"; Flags: uninsdeletekey; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\{#SavedGameProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#TableExe},0"; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\{#SavedGameProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#TableExe}"" ""%1"""; Tasks: fileassoc
; the table as a program in "Open with" (with its name rather than "smqt.exe")
Root: HKA; Subkey: "Software\Classes\Applications\{#TableExe}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "{#AppName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#TableExe}\SupportedTypes"; ValueType: string; ValueName: ".smqt"; ValueData: ""

[Run]
Filename: "{app}\{#TableExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
