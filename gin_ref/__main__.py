from gin_ref.cli import main

main()
