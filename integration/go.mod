module github.com/confinecheck/confinecheck/integration

go 1.26.0
