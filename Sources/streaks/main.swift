import StreaksCLI

await StreaksCommand.runAndExit()
