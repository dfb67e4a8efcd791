import StreaksCLI

StreaksCommand.runAndExit()
